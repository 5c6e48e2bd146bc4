// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const featuresDir = 'packages/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const webTests = ['packages/web/**/*.test.{ts,tsx}'];
/**
 * The web bundle reads each part of the text catalogue from its own module
 * (@palisade/domain/messages/web, …/dashboards/dashboard.messages, …): the whole catalogue in one
 * import would put every page's texts in the shell's first load (issue 13). Tests may read it all.
 */
const wholeCatalogue = {
  name: '@palisade/domain/messages',
  importNames: ['messages'],
  message: 'Import the part of the catalogue the module uses (e.g. webMessages from @palisade/domain/messages/web): the whole catalogue goes into the first load.',
};
/** The rule's settings for web code; its tests may import the whole catalogue. */
const webRule = (patterns, test) => ['error', { patterns, paths: test ? [] : [wholeCatalogue] }];
/** One block for a set of web files and one for its tests (a later block's settings replace an earlier's). */
const webBlocks = (files, patterns) => [
  { files, ignores: webTests, rules: { 'no-restricted-imports': webRule(patterns, false) } },
  { files: files.map((f) => f.replace(/\*\*\/\*\.\{ts,tsx\}$/, '**/*.test.{ts,tsx}')), rules: { 'no-restricted-imports': webRule(patterns, true) } },
];

/** Web features may not import each other: one block per feature names all the others. */
const featureBoundaries = features.flatMap((feature) =>
  webBlocks(
    [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    [
      ...features
        .filter((other) => other !== feature)
        .map((other) => ({
          group: [`**/features/${other}/**`, `**/features/${other}`, `../${other}/**`, `../../${other}/**`],
          message: 'Web features do not import each other: move shared code to components/ or lib/.',
        })),
      { group: ['**/app/**'], message: 'features do not import app/.' },
      { group: ['@palisade/server*'], message: 'web never imports server.' },
    ],
  ),
);

const serverImportsDomainOnly = { group: ['@palisade/web*', 'react', '@mui/*'], message: 'server imports domain only.' };

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/test-results/**', 'e2e/artifacts/**', 'packages/server/drizzle/**', '**/*.config.js', 'scripts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'domain is pure: no Node.' },
            { group: ['react', 'react-*', '@mui/*', 'fastify', '@fastify/*', 'drizzle-orm*', 'pg', '@electric-sql/*'], message: 'domain imports nothing of React, MUI, the server or the database.' },
            { group: ['@palisade/server*', '@palisade/web*'], message: 'domain imports no other package.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverImportsDomainOnly] }],
    },
  },
  {
    // Each module folder owns its files: of another module it imports only what that module
    // offers (issue 62). Shared helpers live in lib/, plugins/ or test/.
    files: ['packages/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImportsDomainOnly,
            {
              group: ['../*/*', '!../../**', '!../*/*.service', '!../*/*.repository', '!../*/*.presenter', '!../*/*access'],
              message: 'Of another module import only its service, repository, presenter or access rules: move what is shared to lib/, plugins/ or test/.',
            },
          ],
        },
      ],
    },
  },
  ...webBlocks(['packages/web/**/*.{ts,tsx}'], [{ group: ['@palisade/server*', 'fastify', 'drizzle-orm*'], message: 'web imports domain only.' }]),
  ...featureBoundaries,
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
