// Compiles the server (and the domain code it imports) into one ES module,
// packages/server/dist/main.js, for `npm start`: production runs plain JavaScript, not tsx.
// Packages from node_modules stay imports (they are installed beside it); only our TypeScript is
// bundled. `npm run dev` and the tests keep running the TypeScript through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'packages/server');
const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !name.startsWith('@palisade/'))
  .flatMap((name) => [name, `${name}/*`]);

export const serverBuildOutput = path.join(serverDir, 'dist/main.js');

/** Builds dist/main.js; throws (with esbuild's messages printed) when the code does not compile. */
export async function buildServer() {
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: serverBuildOutput,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
    // Stack traces name the TypeScript files (node --enable-source-maps).
    sourcesContent: false,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  console.log(`Built ${path.relative(root, serverBuildOutput)}`);
}
