// @opendocsg/pdf2md on one PDF: its Markdown on stdout, for score_pdf.py to compare.
const fs = require('fs');
const pdf2md = require('@opendocsg/pdf2md');

pdf2md(new Uint8Array(fs.readFileSync(process.argv[2])))
  .then((markdown) => process.stdout.write(markdown))
  .catch((error) => {
    process.stderr.write(String(error) + '\n');
    process.exit(1);
  });
