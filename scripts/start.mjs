// `npm start`: serve the production build and say where.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '4173';
console.log(`\n  Sitemap Workbench is running at http://localhost:${port}/\n  (Ctrl+C to stop)\n`);
const child = spawn('npx', ['vite', 'preview', '--port', port, '--strictPort'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
