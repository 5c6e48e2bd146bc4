// `npm run check`: the typecheck and the lint in one process, on one TypeScript program per
// tsconfig. `npm run typecheck` (tsc per package) and `npm run lint` (ESLint's project service) each
// build those programs again: the lint's typed rules need the same types that tsc has just checked.
// Here tsc's diagnostics come first, then ESLint runs with the checked programs
// (parserOptions.programs), so the types are built once. `npm test` runs this step (issue 55).
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

/** What `npm run typecheck` checks, in its order: domain first, so its files lint in its program. */
const projects = ['packages/domain', 'packages/server', 'packages/bench', 'packages/web', 'e2e'];
/** Files ESLint lints that no package's tsconfig holds (the lint's allowDefaultProject). */
const looseFiles = ['vitest.config.ts'];

const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };

function fail(diagnostic) {
  console.error(ts.formatDiagnosticsWithColorAndContext([diagnostic], host));
  process.exit(2);
}

/** The program of one tsconfig, as `tsc -p` builds it. */
function programOf(project) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, project, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: fail,
  });
  if (!parsed) process.exit(2);
  for (const error of parsed.errors) fail(error);
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
}

/** The loose files' program: the base options, with Node's types (they are Node configs). */
function looseProgram() {
  const base = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.base.json'), { types: ['node'] }, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: fail,
  });
  if (!base) process.exit(2);
  return ts.createProgram({ rootNames: looseFiles.map((f) => path.join(root, f)), options: base.options });
}

let started = Date.now();
const programs = [...projects.map(programOf), looseProgram()];
/**
 * Each program checks its own package's files: a file of domain (in every program) or of the
 * server (in the bench's) is checked once, in its package's program, as `tsc -p` of that package
 * checks it. The loose program checks its loose files.
 */
const ownFiles = (program, index) => {
  const dir = index < projects.length ? path.join(root, projects[index]) + path.sep : null;
  const own = (f) => (dir ? path.resolve(f.fileName).startsWith(dir) : looseFiles.some((l) => path.resolve(f.fileName) === path.join(root, l)));
  return program.getSourceFiles().filter(own);
};
const diagnostics = programs.flatMap((program, index) => [
  ...program.getConfigFileParsingDiagnostics(),
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...ownFiles(program, index).flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
]);
// A program's global diagnostics may repeat another's: each is reported once.
const seen = new Set();
const unique = diagnostics.filter((d) => {
  const key = `${d.file?.fileName ?? ''}:${d.start ?? ''}:${d.code}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
if (unique.length > 0) console.error(ts.formatDiagnosticsWithColorAndContext(unique, host));
console.log(`typecheck: ${unique.length} error(s) in ${((Date.now() - started) / 1000).toFixed(0)} s`);

started = Date.now();
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs } } },
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
if (report) console.log(report);
// As `eslint .`: errors fail the step, warnings are shown.
const errors = results.reduce((n, r) => n + r.errorCount, 0);
console.log(`lint: ${results.length} files, ${errors} error(s) in ${((Date.now() - started) / 1000).toFixed(0)} s`);

process.exit(unique.length > 0 || errors > 0 ? 1 : 0);
