; tsk demo: the program the simulated C64 boots into. It gives memory-watching tasks something
; to see: a title with a frame counter and the jiffy clock (text for read_screen and
; wait_for_text), a scrolling marquee with cycling colours, a moving character pattern, and eight
; sprites on the move whose shapes sit at $2000-$21FF (blocks $80-$87: 0-3 hi-res, 4-7
; multicolour). It is an ordinary PRG with a BASIC "10 SYS 2061" line, so it also runs on a real
; C64 or in VICE.
;
; Rebuild demo.prg after editing: bun src/c64/machine/build-programs.ts

SCREEN = $0400
COLOUR = $D800
CINV = $0314                     ; the KERNAL's IRQ vector in RAM
IRQ_RETURN = $EA81               ; the KERNAL's IRQ tail: restore Y, X, A and RTI
TIME = $A0                       ; jiffy clock, $A2 is the low byte
SPRITE_POINTERS = SCREEN + $3F8
SHAPES = $2000
FIRST_BLOCK = SHAPES / 64        ; sprite pointers count 64-byte blocks: $2000 is block $80
MARQUEE_ROW = SCREEN + 2 * 40
PATTERN_ROW = SCREEN + 5 * 40
FRAME_DIGITS_COLUMN = 16
JIFFY_DIGITS_COLUMN = 30
SYNC_LINE = 251                  ; below the text area, so the screen never updates mid-draw
GLIDE_WRAP = 344                 ; sprite 7 X past the right border
MARQUEE_STEP_DRAWS = 2           ; the marquee text steps every second draw (every 4 frames)

; zero page ($02-$0C is unused by BASIC and the KERNAL on a real C64)
frame = $02
bcd = $03                        ; three bytes, six BCD digits, most significant first
scroll = $06
scroll_delay = $07
glide = $08                      ; 16-bit X of sprite 7
phase = $0A
old_irq = $0B                    ; where the IRQ hook chains to
source = $FB
target = $FD

*= $0801
  .word basic_end, 10            ; 10 SYS 2061
  .byte $9E
  .text "2061"
  .byte 0
basic_end:
  .word 0

start:
  sei
  lda CINV
  sta old_irq
  lda CINV+1
  sta old_irq+1
  lda #<irq_hook
  sta CINV
  lda #>irq_hook
  sta CINV+1

  lda #0
  sta frame
  sta bcd
  sta bcd+1
  sta bcd+2
  sta scroll
  sta glide
  sta glide+1
  lda #1
  sta scroll_delay
  lda #0                         ; black border on blue
  sta $D020
  lda #6
  sta $D021

  jsr clear_screen
  jsr print_texts
  jsr colour_rows
  jsr setup_sprites

  lda #SYNC_LINE                 ; a raster interrupt once per PAL frame (50 Hz) drives the frame
  sta $D012
  lda $D011
  and #$7F                       ; compare line bit 8 clear
  sta $D011
  lda #$01
  sta $D019                      ; nothing stale pending
  sta $D01A                      ; raster interrupt on
  cli

; All the work happens in interrupts: the main program only waits, as a jump to itself (which
; the simulated C64 recognises and skips until the next interrupt instead of running it).
main:
  jmp main

; The IRQ hook. The raster interrupt (50 Hz) draws a frame; the CIA's (60 Hz) shows the jiffy
; clock, then chains to the KERNAL's handler, which advances the clock and acknowledges the CIA.
; When both are due, the raster one goes first and the CIA's enters right after its RTI.
irq_hook:
  cld                            ; the interrupted code may be counting in decimal
  lda $D019
  and #$01
  beq jiffy
  sta $D019                      ; acknowledge the raster interrupt
  inc frame
  jsr count_frame
  jsr move_sprites
  lda frame
  and #$01
  bne frame_done                 ; the marquee moves at 25 Hz and the pattern at 12.5 Hz:
  jsr draw_marquee               ; a simulated C64 that idles costs less to run
  lda frame
  and #$03
  bne frame_done
  jsr draw_pattern
frame_done:
  jmp IRQ_RETURN
jiffy:
  ldx #JIFFY_DIGITS_COLUMN
  lda TIME
  jsr put_hex
  lda TIME+1
  jsr put_hex
  lda TIME+2
  jsr put_hex
  jmp (old_irq)

; A as two hex digits at SCREEN+X; X advances by two.
put_hex:
  pha
  lsr
  lsr
  lsr
  lsr
  jsr put_digit
  pla
  and #$0F
put_digit:
  cmp #10
  bcs letter
  ora #$30                       ; screen codes $30-$39 are 0-9
  bne store_digit
letter:
  sbc #9                         ; carry is set: 10-15 become 1-6, the screen codes of A-F
store_digit:
  sta SCREEN,x
  inx
  rts

; The frame counter counts in BCD, so six decimal digits print straight from its nibbles.
count_frame:
  sed
  clc
  lda bcd+2
  adc #1
  sta bcd+2
  lda bcd+1
  adc #0
  sta bcd+1
  lda bcd
  adc #0
  sta bcd
  cld
  ldx #FRAME_DIGITS_COLUMN
  lda bcd
  jsr put_hex
  lda bcd+1
  jsr put_hex
  lda bcd+2
  jmp put_hex

; Colours run along the marquee on every draw; the text steps (and is redrawn) every few draws.
draw_marquee:
  lda frame
  and #$0F
  sta phase
  ldx #0
marquee_colour:
  txa
  clc
  adc phase
  tay
  lda rainbow,y
  sta COLOUR + 2 * 40,x
  inx
  cpx #40
  bne marquee_colour
  dec scroll_delay
  bne marquee_done
  lda #MARQUEE_STEP_DRAWS
  sta scroll_delay
  ldy scroll
  iny
  cpy #message_end - message
  bne keep_scroll
  ldy #0
keep_scroll:
  sty scroll
marquee_text:
  ldy scroll
  ldx #0
marquee_char:
  lda message,y
  sta MARQUEE_ROW,x
  iny
  cpy #message_end - message
  bne next_marquee_char
  ldy #0
next_marquee_char:
  inx
  cpx #40
  bne marquee_char
marquee_done:
  rts

; Eight rows of a diagonal wave: each row reads the pattern two steps further along. Drawn every
; fourth frame, one step each time.
draw_pattern:
  lda frame
  lsr
  lsr
  sta phase
  ldx #0
pattern_column:
  txa
  clc
  adc phase
  and #$0F
  tay
  lda pattern,y
  sta PATTERN_ROW,x
  lda pattern+2,y
  sta PATTERN_ROW + 40,x
  lda pattern+4,y
  sta PATTERN_ROW + 80,x
  lda pattern+6,y
  sta PATTERN_ROW + 120,x
  lda pattern+8,y
  sta PATTERN_ROW + 160,x
  lda pattern+10,y
  sta PATTERN_ROW + 200,x
  lda pattern+12,y
  sta PATTERN_ROW + 240,x
  lda pattern+14,y
  sta PATTERN_ROW + 280,x
  inx
  cpx #40
  bne pattern_column
  rts

; Sprites 0-6 follow a Lissajous-like curve, each a little behind the one before.
move_sprites:
  lda frame
  sta phase
  ldx #0
curve_sprite:
  lda phase
  and #$3F
  tay
  lda sine_x,y
  sta $D000,x
  tya
  clc
  adc #16                        ; a quarter turn on: cosine for Y
  and #$3F
  tay
  lda sine_y,y
  sta $D001,x
  lda phase
  clc
  adc #9
  sta phase
  inx
  inx
  cpx #14
  bne curve_sprite
; Sprite 7 glides along the bottom across the full width, which needs the X high bit in $D010.
  inc glide
  bne check_glide
  inc glide+1
check_glide:
  lda glide+1
  beq place_glide
  lda glide
  cmp #<GLIDE_WRAP
  bcc place_glide
  lda #0
  sta glide
  sta glide+1
place_glide:
  lda glide
  sta $D00E
  lda glide+1
  beq glide_low
  lda #$80
glide_low:
  sta $D010
  rts

clear_screen:
  ldx #0
clear_cell:
  lda #$20
  sta SCREEN,x
  sta SCREEN+$100,x
  sta SCREEN+$200,x
  sta SCREEN+$2E8,x
  lda #15
  sta COLOUR,x
  sta COLOUR+$100,x
  sta COLOUR+$200,x
  sta COLOUR+$2E8,x
  inx
  bne clear_cell
  rts

; Copies each zero-terminated text in the table to its screen address.
print_texts:
  ldx #0
print_entry:
  lda texts+1,x
  beq printed
  sta source+1
  lda texts,x
  sta source
  lda texts+2,x
  sta target
  lda texts+3,x
  sta target+1
  ldy #0
print_char:
  lda (source),y
  beq next_text
  sta (target),y
  iny
  bne print_char
next_text:
  inx
  inx
  inx
  inx
  bne print_entry
printed:
  rts

; Paints whole rows of colour RAM from the table.
colour_rows:
  ldx #0
colour_entry:
  lda row_colours+1,x
  beq coloured
  sta target+1
  lda row_colours,x
  sta target
  lda row_colours+2,x
  ldy #39
colour_cell:
  sta (target),y
  dey
  bpl colour_cell
  inx
  inx
  inx
  bne colour_entry
coloured:
  rts

setup_sprites:
  ldx #0
copy_shapes:
  lda shapes,x
  sta SHAPES,x
  lda shapes+$100,x
  sta SHAPES+$100,x
  inx
  bne copy_shapes
  ldx #7
sprite_setup:
  txa
  clc
  adc #FIRST_BLOCK
  sta SPRITE_POINTERS,x
  lda sprite_colours,x
  sta $D027,x
  dex
  bpl sprite_setup
  lda #$F0                       ; sprites 4-7 are multicolour
  sta $D01C
  lda #1                         ; multicolour 1 (bit pair 01): white
  sta $D025
  lda #11                        ; multicolour 2 (bit pair 11): dark grey
  sta $D026
  lda #0
  sta $D010
  sta $D017
  sta $D01B
  sta $D01D
  lda #226
  sta $D00F
  lda #$FF
  sta $D015
  jmp move_sprites

texts:
  .word title, SCREEN
  .word frame_label, SCREEN + 10
  .word jiffy_label, SCREEN + 24
  .word sprites_line, SCREEN + 15 * 40 + 2
  .word shapes_line, SCREEN + 16 * 40 + 2
  .word footer, SCREEN + 24 * 40 + 2
  .word 0
title:
  .screen "TSK DEMO", 0
frame_label:
  .screen "FRAME", 0
jiffy_label:
  .screen "JIFFY", 0
sprites_line:
  .screen "SPRITES 0-3 HI-RES, 4-7 MULTICOLOUR", 0
shapes_line:
  .screen "SHAPES $2000-$21FF, POINTERS $80-$87", 0
footer:
  .screen "6502 AT 985248 HZ, CIA IRQ AT 60 HZ", 0

row_colours:
  .word COLOUR
  .byte 1
  .word COLOUR + 5 * 40
  .byte 2
  .word COLOUR + 6 * 40
  .byte 8
  .word COLOUR + 7 * 40
  .byte 7
  .word COLOUR + 8 * 40
  .byte 13
  .word COLOUR + 9 * 40
  .byte 5
  .word COLOUR + 10 * 40
  .byte 3
  .word COLOUR + 11 * 40
  .byte 14
  .word COLOUR + 12 * 40
  .byte 4
  .word COLOUR + 15 * 40
  .byte 7
  .word COLOUR + 16 * 40
  .byte 3
  .word COLOUR + 24 * 40
  .byte 13
  .word 0

message:
  .screen "*** TSK: ONE TASK LIST FOR PEOPLE AND THEIR AGENTS *** "
  .screen "THIS COMMODORE 64 IS SIMULATED: A 6502 AT 985248 HZ, A 60 HZ "
  .screen "CIA INTERRUPT, A RASTER COUNTER AND EIGHT SPRITES "
message_end:

; 16 colours four times over, so frame phase (0-15) + column (0-39) never runs off the end.
rainbow:
  .byte 2, 8, 7, 13, 5, 3, 14, 4, 10, 1, 15, 12, 11, 9, 8, 7
  .byte 2, 8, 7, 13, 5, 3, 14, 4, 10, 1, 15, 12, 11, 9, 8, 7
  .byte 2, 8, 7, 13, 5, 3, 14, 4, 10, 1, 15, 12, 11, 9, 8, 7
  .byte 2, 8, 7, 13, 5, 3, 14, 4, 10, 1, 15, 12, 11, 9, 8, 7

; A ramp of screen codes up to a solid block ($A0, reverse space) and back, twice, so that
; index (0-15) + row offset (0-14) stays inside.
pattern:
  .screen " .:-=+*#"
  .byte $A0
  .screen "#*+=-:."
  .screen " .:-=+*#"
  .byte $A0
  .screen "#*+=-:."

sprite_colours:
  .byte 1, 7, 3, 5, 2, 4, 8, 13

; Sine curves for sprite positions, 64 steps per turn (X 100-244, Y 90-210).
sine_x:
  .byte 172, 179, 186, 193, 200, 206, 212, 218, 223, 228, 232, 235, 239, 241, 243, 244
  .byte 244, 244, 243, 241, 239, 235, 232, 228, 223, 218, 212, 206, 200, 193, 186, 179
  .byte 172, 165, 158, 151, 144, 138, 132, 126, 121, 116, 112, 109, 105, 103, 101, 100
  .byte 100, 100, 101, 103, 105, 109, 112, 116, 121, 126, 132, 138, 144, 151, 158, 165
sine_y:
  .byte 150, 156, 162, 167, 173, 178, 183, 188, 192, 196, 200, 203, 205, 207, 209, 210
  .byte 210, 210, 209, 207, 205, 203, 200, 196, 192, 188, 183, 178, 173, 167, 162, 156
  .byte 150, 144, 138, 133, 127, 122, 117, 112, 108, 104, 100, 97, 95, 93, 91, 90
  .byte 90, 90, 91, 93, 95, 97, 100, 104, 108, 112, 117, 122, 127, 133, 138, 144

; Sprite shapes, 63 bytes each plus a pad byte, copied to $2000-$21FF at start-up.
shapes:
; hi-res shapes (one bit per pixel)
shape_t:
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte %00000000,%01111110,%00000000
  .byte 0
shape_s:
  .byte %00111111,%11111111,%11111100
  .byte %01111111,%11111111,%11111110
  .byte %11111110,%00000000,%11111111
  .byte %11111100,%00000000,%11111110
  .byte %11111100,%00000000,%00000000
  .byte %11111100,%00000000,%00000000
  .byte %11111110,%00000000,%00000000
  .byte %01111111,%11111111,%11000000
  .byte %00111111,%11111111,%11111000
  .byte %00000011,%11111111,%11111100
  .byte %00000000,%00000000,%01111110
  .byte %00000000,%00000000,%00111111
  .byte %00000000,%00000000,%00111111
  .byte %00000000,%00000000,%00111111
  .byte %11111110,%00000000,%00111111
  .byte %11111111,%00000000,%01111110
  .byte %01111111,%11111111,%11111110
  .byte %00111111,%11111111,%11111100
  .byte %00011111,%11111111,%11111000
  .byte %00000000,%00000000,%00000000
  .byte %00000000,%00000000,%00000000
  .byte 0
shape_k:
  .byte %11111100,%00000000,%00000001
  .byte %11111100,%00000000,%00000111
  .byte %11111100,%00000000,%00011111
  .byte %11111100,%00000000,%01111110
  .byte %11111100,%00000000,%11111100
  .byte %11111100,%00000011,%11110000
  .byte %11111100,%00001111,%11000000
  .byte %11111100,%00011111,%10000000
  .byte %11111100,%01111110,%00000000
  .byte %11111101,%11111000,%00000000
  .byte %11111111,%11110000,%00000000
  .byte %11111101,%11111000,%00000000
  .byte %11111100,%01111110,%00000000
  .byte %11111100,%00011111,%10000000
  .byte %11111100,%00001111,%11000000
  .byte %11111100,%00000011,%11110000
  .byte %11111100,%00000000,%11111100
  .byte %11111100,%00000000,%01111110
  .byte %11111100,%00000000,%00011111
  .byte %11111100,%00000000,%00000111
  .byte %11111100,%00000000,%00000001
  .byte 0
shape_ring:
  .byte %00000000,%01111110,%00000000
  .byte %00000001,%11111111,%10000000
  .byte %00000111,%11111111,%11100000
  .byte %00001111,%11111111,%11110000
  .byte %00011111,%00000000,%11111000
  .byte %00011110,%00000000,%01111000
  .byte %00111100,%00000000,%00111100
  .byte %00111100,%00000000,%00111100
  .byte %00111000,%00000000,%00011100
  .byte %00111000,%00000000,%00011100
  .byte %01111000,%00000000,%00011110
  .byte %00111000,%00000000,%00011100
  .byte %00111000,%00000000,%00011100
  .byte %00111100,%00000000,%00111100
  .byte %00111100,%00000000,%00111100
  .byte %00011110,%00000000,%01111000
  .byte %00011111,%00000000,%11111000
  .byte %00001111,%11111111,%11110000
  .byte %00000111,%11111111,%11100000
  .byte %00000001,%11111111,%10000000
  .byte %00000000,%01111110,%00000000
  .byte 0
; multicolour shapes (two bits per double-wide pixel: 01 = $D025, 10 = sprite colour, 11 = $D026)
shape_ball:
  .byte %00000000,%11111111,%00000000
  .byte %00000011,%11111111,%11000000
  .byte %00000011,%11101011,%11000000
  .byte %00001111,%01101010,%11110000
  .byte %00001101,%01011010,%10110000
  .byte %00111101,%01011010,%10111100
  .byte %00111001,%01011010,%10101100
  .byte %00111001,%01011010,%10101100
  .byte %00111001,%01011010,%10101100
  .byte %00111010,%01101010,%10101100
  .byte %00111010,%10101010,%10101100
  .byte %00111010,%10101010,%10101100
  .byte %00111010,%10101010,%10101100
  .byte %00111010,%10101010,%10101100
  .byte %00111010,%10101010,%10101100
  .byte %00111110,%10101010,%10111100
  .byte %00001110,%10101010,%10110000
  .byte %00001111,%10101010,%11110000
  .byte %00000011,%11101011,%11000000
  .byte %00000011,%11111111,%11000000
  .byte %00000000,%11111111,%00000000
  .byte 0
shape_diamond:
  .byte %00000000,%00000000,%00000000
  .byte %00000000,%00111100,%00000000
  .byte %00000000,%00111100,%00000000
  .byte %00000000,%11111111,%00000000
  .byte %00000000,%11101011,%00000000
  .byte %00000011,%11101011,%11000000
  .byte %00000011,%10101010,%11000000
  .byte %00001111,%10101010,%11110000
  .byte %00001110,%10010110,%10110000
  .byte %00111110,%10010110,%10111100
  .byte %11111010,%01010101,%10101111
  .byte %00111110,%10010110,%10111100
  .byte %00001110,%10010110,%10110000
  .byte %00001111,%10101010,%11110000
  .byte %00000011,%10101010,%11000000
  .byte %00000011,%11101011,%11000000
  .byte %00000000,%11101011,%00000000
  .byte %00000000,%11111111,%00000000
  .byte %00000000,%00111100,%00000000
  .byte %00000000,%00111100,%00000000
  .byte %00000000,%00000000,%00000000
  .byte 0
shape_stripes:
  .byte %01010101,%01010101,%01010101
  .byte %01010101,%01010101,%01010101
  .byte %01010101,%01010101,%01010101
  .byte %10101010,%10101010,%10101010
  .byte %10101010,%10101010,%10101010
  .byte %10101010,%10101010,%10101010
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %01010101,%01010101,%01010101
  .byte %01010101,%01010101,%01010101
  .byte %01010101,%01010101,%01010101
  .byte %10101010,%10101010,%10101010
  .byte %10101010,%10101010,%10101010
  .byte %10101010,%10101010,%10101010
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %11111111,%11111111,%11111111
  .byte %01010101,%01010101,%01010101
  .byte %01010101,%01010101,%01010101
  .byte %01010101,%01010101,%01010101
  .byte 0
shape_invader:
  .byte %00000000,%00000000,%00000000
  .byte %00000010,%00000000,%10000000
  .byte %00000000,%10000010,%00000000
  .byte %00000010,%10101010,%10000000
  .byte %00001010,%11101011,%10100000
  .byte %00101010,%11101011,%10101000
  .byte %00101010,%10101010,%10101000
  .byte %00100010,%10101010,%10001000
  .byte %00100010,%00000000,%10001000
  .byte %00000000,%10100010,%10000000
  .byte %00000000,%00000000,%00000000
  .byte %00000000,%01010101,%00000000
  .byte %00000001,%01010101,%01000000
  .byte %00000101,%11010111,%01010000
  .byte %00000101,%01010101,%01010000
  .byte %00000001,%00010100,%01000000
  .byte %00000100,%00000000,%00010000
  .byte %00000001,%00000000,%01000000
  .byte %00000000,%00000000,%00000000
  .byte %00000000,%00000000,%00000000
  .byte %00000000,%00000000,%00000000
  .byte 0
