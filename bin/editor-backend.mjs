#!/usr/bin/env node
// The `editor-backend` command, straight from the TypeScript source (no build step): tsx compiles
// each file as it loads, and the `development` export condition resolves `editor-backend` imports
// (in modules given to --import) to src, as for every other command of this project.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

register('data:text/javascript,export const resolve = (specifier, context, next) => next(specifier, { ...context, conditions: [...context.conditions, "development"] });');
registerTsx();
const { run } = await import('../src/cli/main.ts');
await run(process.argv.slice(2));
