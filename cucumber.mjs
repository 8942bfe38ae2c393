// Absolute, so an embedder can run these features from its own project:
// `cucumber-js --config node_modules/editor-backend/cucumber.mjs` (see the README).
const here = import.meta.dirname;

export default {
  paths: [`${here}/features/**/*.feature`],
  import: [`${here}/features/support/**/*.ts`, `${here}/features/step_definitions/**/*.ts`],
  format: ['progress', 'html:reports/cucumber.html', 'junit:reports/cucumber.xml', 'summary'],
  strict: true,
};
