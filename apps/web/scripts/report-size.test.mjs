import { describe, expect, it } from 'vitest';
import { collectFiles, htmlAssets } from './report-size.mjs';

describe('the login route size report', () => {
  it('counts the modules and style sheets index.html loads, not favicons or classic scripts', () => {
    const html = `<link rel="icon" href="/favicon.svg" />
      <script defer src="/zod-config.js"></script>
      <script type="module" crossorigin src="/assets/start-1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">
      <link rel="stylesheet" crossorigin href="/assets/start-3.css">`;
    expect(htmlAssets(html)).toEqual(['assets/start-1.js', 'assets/vendor-2.js', 'assets/start-3.css']);
  });

  it('follows static imports and CSS, not dynamic imports', () => {
    const manifest = {
      _start: { file: 'assets/start.js', imports: ['_vendor'], dynamicImports: ['_zod'], css: ['assets/start.css'] },
      _vendor: { file: 'assets/vendor.js' },
      _zod: { file: 'assets/zod.js' },
    };
    expect(collectFiles(manifest, ['_start'])).toEqual(['assets/start.js', 'assets/start.css', 'assets/vendor.js']);
  });
});
