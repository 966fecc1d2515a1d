// Lists a lazily loaded route's files in index.html as <link rel="modulepreload">, so the browser
// fetches them beside the entry instead of after it: every first visit starts at the login page,
// and without this its files are a second round of requests that only begins once the entry has
// downloaded and run (on Lighthouse's slow 4G, an extra round trip plus ~20 kB before the form).
// Someone opening a deep link downloads them too (a few kB, cached for a year).
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/** The chunk built from `moduleId` and every chunk it imports statically, in load order. */
export function routeFiles(bundle: Rolldown.OutputBundle, moduleId: string): string[] {
  const wanted = path.normalize(moduleId);
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const route = chunks.find((chunk) => chunk.facadeModuleId && path.normalize(chunk.facadeModuleId).endsWith(wanted));
  if (!route) throw new Error(`no chunk is built from ${moduleId}`);
  const files: string[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.includes(fileName) || chunk?.type !== 'chunk') return;
    files.push(fileName);
    chunk.imports.forEach(visit);
  };
  visit(route.fileName);
  return files;
}

/** Vite plugin: modulepreload links for `moduleId`'s route (a path relative to the app root). */
export function preloadRoute(moduleId: string): Plugin {
  let base = '/';
  return {
    name: 'liftwacht:preload-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      // After Vite has added the entry and its own preload links, which this one does not repeat.
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return routeFiles(bundle, moduleId)
          .map((file) => `${base}${file}`)
          .filter((href) => !html.includes(`"${href}"`))
          .map((href): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head',
          }));
      },
    },
  };
}
