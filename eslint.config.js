// ESLint with the TypeScript rules; formatting is prettier's (`npm run lint` runs both).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'data/',
      'dist/',
      'node_modules/',
      'worker-configuration.d.ts',
      '.wrangler/',
      'bench/.work/',
      'test/.snapshot*/',
      'test/.scale-catalogue/',
      '.ci/out/',
      'scratch/',
      '.dist-*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Tests read JSON answers and assert their shape; typing each one would only repeat the assertions.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
