; tsk mini-KERNAL: the little a C64 program needs from ROM, written from scratch because
; Commodore's ROMs cannot be shipped. It lives in RAM (the machine reinstalls it on reset) and
; keeps the real KERNAL's addresses where programs jump to them: the default IRQ handler at
; $EA31, its register-restore tail at $EA81, UDTIM at $FFEA and the hardware vectors.

SCREEN = $0400
COLOUR = $D800
TIME   = $A0           ; jiffy clock, big-endian: $A2 is the low byte
CINV   = $0314         ; IRQ vector in RAM
CBINV  = $0316         ; BRK vector in RAM
NMINV  = $0318         ; NMI vector in RAM
LIGHT_BLUE = $0E
BLUE       = $06

*= $E000
reset:
  sei
  cld
  ldx #$ff
  txs
  lda #$2f             ; processor port: as the real KERNAL leaves it
  sta $00
  lda #$37
  sta $01

; Pages 0, 2 and 3 start cleared (this also zeroes the jiffy clock), as RAMTAS does.
  lda #0
  tay
clear_low_ram:
  sta $0002,y
  sta $0200,y
  sta $0300,y
  iny
  bne clear_low_ram

; VIC-II: text mode, screen at $0400, no sprites, no raster interrupt, light blue on blue.
  lda #$1b
  sta $d011
  lda #$c8
  sta $d016
  lda #$15
  sta $d018
  lda #0
  sta $d015
  sta $d01a
  lda #$ff
  sta $d019
  lda #LIGHT_BLUE
  sta $d020
  lda #BLUE
  sta $d021

; CIA 1 timer A every $4025 cycles: the PAL KERNAL's 60 Hz system interrupt.
  lda #$7f
  sta $dc0d
  sta $dd0d
  lda $dc0d
  lda #$25
  sta $dc04
  lda #$40
  sta $dc05
  lda #$81
  sta $dc0d
  lda #$11
  sta $dc0e
  lda #$3f
  sta $dd02
  lda #$97
  sta $dd00

  lda #<irq_default
  sta CINV
  lda #>irq_default
  sta CINV+1
  lda #<brk_default
  sta CBINV
  lda #>brk_default
  sta CBINV+1
  lda #<nmi_default
  sta NMINV
  lda #>nmi_default
  sta NMINV+1

  ldx #0
clear_screen:
  lda #$20
  sta SCREEN,x
  sta SCREEN+$100,x
  sta SCREEN+$200,x
  sta SCREEN+$2e8,x
  lda #LIGHT_BLUE
  sta COLOUR,x
  sta COLOUR+$100,x
  sta COLOUR+$200,x
  sta COLOUR+$2e8,x
  inx
  bne clear_screen

  ldx #banner_end-banner-1
show_banner:
  lda banner,x
  sta SCREEN+40+6,x
  dex
  bpl show_banner
  ldx #ready_end-ready-1
show_ready:
  lda ready,x
  sta SCREEN+120,x
  dex
  bpl show_ready

  cli
idle:
  jmp idle             ; the machine treats reaching this loop as "reset finished"

banner:
  .screen "**** TSK SIMULATED C64 ****"
banner_end:
ready:
  .screen "READY."
ready_end:

; Hardware IRQ and BRK share $FFFE; the pushed status's B bit tells them apart.
irq_entry:
  pha
  txa
  pha
  tya
  pha
  tsx
  lda $0104,x
  and #$10
  bne is_brk
  jmp (CINV)
is_brk:
  jmp (CBINV)

nmi_entry:
  jmp (NMINV)
nmi_default:
  rti

; BRK resumes after its padding byte (there is no BASIC to fall back to).
brk_default:
  jmp irq_return

; Advance the jiffy clock and wrap it after 24 hours ($4F1A01 jiffies), as UDTIM does.
udtim:
  inc TIME+2
  bne check_day
  inc TIME+1
  bne check_day
  inc TIME
check_day:
  lda TIME
  cmp #$4f
  bne udtim_done
  lda TIME+1
  cmp #$1a
  bne udtim_done
  lda TIME+2
  cmp #$01
  bne udtim_done
  lda #0
  sta TIME
  sta TIME+1
  sta TIME+2
udtim_done:
  rts

*= $EA31
irq_default:
  jsr udtim
  lda $dc0d            ; reading the ICR acknowledges CIA 1's interrupt
  jmp irq_return

*= $EA81
irq_return:
  pla
  tay
  pla
  tax
  pla
  rti

*= $FFEA
  jmp udtim

*= $FFFA
  .word nmi_entry, reset, irq_entry
