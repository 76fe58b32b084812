// The floor of `npm run bench`: a bare Bun process that reads and parses the file tsk would read.
// No tsk process can be faster than this; every CLI row is reported as a multiple of it.
JSON.parse(await Bun.file(process.argv[2]!).text())

export {}
