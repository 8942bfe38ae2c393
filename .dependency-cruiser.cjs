/** Layer rules: the build fails when an import points the wrong way. */
const CORE = '^src/(domain|ports|application)/';
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain imports nothing outside itself: no other layer, no package',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'ports-see-only-domain',
      severity: 'error',
      from: { path: '^src/ports/' },
      to: { pathNot: '^src/(domain|ports)/' },
    },
    {
      name: 'application-sees-ports-and-domain',
      severity: 'error',
      from: { path: '^src/application/' },
      to: { pathNot: '^src/(domain|ports|application)/' },
    },
    {
      name: 'core-uses-no-packages',
      comment: 'no framework, SDK or container in the core (node: built-ins are not allowed either, except types)',
      severity: 'error',
      from: { path: CORE },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'adapters-stay-apart',
      comment: 'an adapter never imports another adapter',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/([^/]+)/' },
      to: { path: '^src/adapters/', pathNot: '^src/adapters/$1/$2/' },
    },
    {
      name: 'nothing-but-the-root-sees-composition',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(composition/|main\\.ts|index\\.ts|cli/)' },
      to: { path: '^src/(composition/|main\\.ts)' },
    },
    {
      name: 'core-never-sees-config',
      severity: 'error',
      from: { path: CORE },
      to: { path: '^src/config/' },
    },
    {
      name: 'config-is-plain-data',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/(adapters|application|ports|composition)/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'src-never-imports-tests',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|features|bench|examples)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
