// Library code the login page would download and never run (scripts/report-size.mjs), left out of
// the production build with the same behaviour. Development and the unit tests use the packages as
// they are.
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const noCssVariablesTheme = '\0liftwacht:mui-create-theme?';
const reactSyncExternalStore = '\0liftwacht:use-sync-external-store';

export const leanLibraries: Plugin = {
  name: 'liftwacht:lean-libraries',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    // MUI's createTheme is two: without CSS variables (ours, app/theme.ts, and every component's
    // default theme) and with them (createThemeWithVars, prepareCssVars, …: ~5 kB gzip). A call
    // without `cssVariables` and `colorSchemes` takes the first path, so MUI's modules get that alone.
    if (source === './createTheme.mjs' && importer && /[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) {
      return noCssVariablesTheme + join(dirname(importer), 'createThemeNoVars.mjs');
    }
    // react-i18next imports the useSyncExternalStore shim for React < 18; on React 19 it only hands
    // out React's own hook. Only imports: a require() of it (react-redux's selector shim) would need
    // CommonJS interop code.
    if (source === 'use-sync-external-store/shim' && options.kind === 'import-statement') {
      return reactSyncExternalStore;
    }
    // @emotion/react imports it bare, only to keep it a dependency; when used it still comes along.
    if (source === 'hoist-non-react-statics') {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    }
    // The package exports only its development build, which keeps the developer warnings.
    if (source === 'react-router') {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (
        resolved && { ...resolved, id: resolved.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2') }
      );
    }
    return null;
  },
  load(id) {
    if (id === reactSyncExternalStore) return "export { useSyncExternalStore } from 'react';";
    if (!id.startsWith(noCssVariablesTheme)) return null;
    return [
      `import createThemeNoVars from ${JSON.stringify(id.slice(noCssVariablesTheme.length))};`,
      'export default function createTheme(options = {}, ...args) {',
      "  if ('cssVariables' in options || 'colorSchemes' in options) {",
      // Loudly, rather than silently without the CSS variables asked for.
      "    throw new Error('createTheme: CSS variables and colour schemes are left out (build/lean-libraries.ts)');",
      '  }',
      '  return createThemeNoVars(options, ...args);',
      '}',
    ].join('\n');
  },
};
