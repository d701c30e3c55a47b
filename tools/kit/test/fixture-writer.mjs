// A CLI for the test kit's own tests: writes an empty file named by each argument into its working directory.
import { writeFileSync } from 'node:fs';
for (const name of process.argv.slice(2)) if (/^[\w.-]+$/.test(name)) writeFileSync(name, '');
