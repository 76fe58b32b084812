const fs = require("fs")
const f = process.argv[2]
const st = fs.statSync(f)
const out = JSON.parse(fs.readFileSync(f, "utf8"))
try { fs.readFileSync(f + ".nope", "utf8") } catch {}
