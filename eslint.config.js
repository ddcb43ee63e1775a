// Type-aware lint (typescript-eslint's recommended type-checked rules), run by `npm test`.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'digest/', 'content-fixtures/', 'bench-results/', 'docs/', 'dist/', '.test-work/', 'worker/', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
);
