// @vitest-environment jsdom
// An imported SVG made inert again on the client, its ids kept to itself, fitted to the canvas;
// read from this site or a data: address only.
import { describe, expect, it, vi } from 'vitest';
import { allowedReference, cleanDrawing, unsafeCss } from './clean';
import { dataSvgText, disarmHandlers, drawingText, importDrawing, sameSite } from './load';
import { scopeSelector } from './namespace';

const ORIGIN = 'http://console.test';
const options = { prefix: 'd1-', scope: 'd1', width: 800, height: 600 };

function imported(body: string, attributes = 'width="200" height="100"') {
  const drawing = importDrawing(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${body}</svg>`,
    document,
    options,
  );
  if (!drawing) throw new Error('not imported');
  return drawing;
}

describe('cleaning a drawing', () => {
  it('removes script, embedded documents, handlers and dangerous animations', () => {
    const { root, removed } = imported(
      `<script>window.ran = 1</script>
       <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
       <rect id="r" onclick="window.ran = 2" onload="window.ran = 3" width="10" height="10"/>
       <set attributeName="onmouseover" to="alert(1)"/>
       <animate attributeName="href" to="javascript:alert(1)"/>
       <animate attributeName="opacity" from="0" to="1" dur="1s"/>
       <html:p xmlns:html="http://www.w3.org/1999/xhtml">smuggled</html:p>`,
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('foreignObject')).toBeNull();
    expect(root.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'p')).toHaveLength(0);
    expect(root.querySelector('set')).toBeNull();
    expect(root.querySelectorAll('animate')).toHaveLength(1);
    const rect = root.querySelector('rect')!;
    expect(rect.getAttribute('onclick')).toBeNull();
    expect(rect.getAttribute('onload')).toBeNull();
    expect(removed).toBeGreaterThanOrEqual(7);
  });

  it('keeps links into the drawing and to pictures of this site, drops all others', () => {
    const { root } = imported(
      `<a id="a1" href="javascript:alert(1)"><rect width="1" height="1"/></a>
       <image id="i1" href="https://elsewhere.test/x.png"/>
       <image id="i2" xlink:href="/api/v1/pictures/k/a.png"/>
       <image id="i3" href="//elsewhere.test/api/v1/pictures/k/a.png"/>
       <image id="i4" href="data:image/png;base64,AAAA"/>
       <image id="i5" href="data:text/html,&lt;script&gt;"/>
       <use id="u1" href="#a1"/>
       <rect id="r1" style="fill: url(https://elsewhere.test/p.svg#g)" fill="url(http://x.test/#g)"/>`,
    );
    const ref = (id: string) =>
      root.querySelector(`[data-svg-id="${id}"]`)!.getAttribute('href') ??
      root.querySelector(`[data-svg-id="${id}"]`)!.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    expect(ref('a1')).toBeNull();
    expect(ref('i1')).toBeNull();
    expect(ref('i2')).toBe('/api/v1/pictures/k/a.png');
    expect(ref('i3')).toBeNull();
    expect(ref('i4')).toBe('data:image/png;base64,AAAA');
    expect(ref('i5')).toBeNull();
    expect(ref('u1')).toBe('#d1-a1');
    const rect = root.querySelector('[data-svg-id="r1"]')!;
    expect(rect.getAttribute('style')).toBeNull();
    expect(rect.getAttribute('fill')).toBeNull();
  });

  it('disarms the handlers of start tags before parsing, and leaves text alone', () => {
    expect(
      disarmHandlers('<svg onload="a()"><image\nONERROR = \'b()\' href="x"/><text>on=1 onx="y"</text></svg>'),
    ).toBe(
      '<svg data-disarmed-onload="a()"><image\ndata-disarmed-ONERROR = \'b()\' href="x"/><text>on=1 onx="y"</text></svg>',
    );
    const { root } = imported('<rect id="r" onmouseover="x()"/>');
    expect([...root.querySelector('rect')!.attributes].map((a) => a.name)).toEqual(['id', 'data-svg-id']);
  });

  it('reads CSS that could fetch however it is written', () => {
    expect(unsafeCss('fill: url(#grad)')).toBe(false);
    expect(unsafeCss("fill: url( '#grad' )")).toBe(false);
    expect(unsafeCss('fill: \\75 rl(https://x.test/)')).toBe(true);
    expect(unsafeCss('@IMPORT "x.css"')).toBe(true);
    expect(unsafeCss('background: image-set("a.png" 1x)')).toBe(true);
    expect(allowedReference(' #x', ORIGIN)).toBe(true);
    expect(allowedReference('java\nscript:alert(1)', ORIGIN)).toBe(false);
    expect(allowedReference('http://console.test/api/v1/pictures/k/a.svg', ORIGIN)).toBe(true);
    expect(allowedReference('http://console.test/api/v1/me', ORIGIN)).toBe(false);
  });

  it('drops a style element that could fetch, and is idempotent', () => {
    const parsed = new DOMParser().parseFromString(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://x.test/a.css);</style><rect/></svg>',
      'image/svg+xml',
    );
    expect(cleanDrawing(parsed.documentElement, ORIGIN)).toBe(1);
    expect(parsed.querySelector('style')).toBeNull();
    expect(cleanDrawing(parsed.documentElement, ORIGIN)).toBe(0);
  });
});

describe('ids and fitting', () => {
  it('prefixes ids and their references, and maps the original ids', () => {
    const { root, ids } = imported(
      `<defs><linearGradient id="g"/></defs>
       <rect id="pump" fill="url(#g)" aria-labelledby="cap"/>
       <text id="cap">Pump</text>
       <rect id="pump"/>`,
    );
    expect([...ids.keys()]).toEqual(['g', 'pump', 'cap']);
    const pump = ids.get('pump')!;
    expect(pump.getAttribute('id')).toBe('d1-pump');
    expect(pump.getAttribute('fill')).toBe('url(#d1-g)');
    expect(pump.getAttribute('aria-labelledby')).toBe('d1-cap');
    expect(root.querySelectorAll('#d1-pump')).toHaveLength(2);
    expect(ids.get('cap')!.textContent).toBe('Pump');
  });

  it('fits the drawing to the canvas, its own size becoming its view box', () => {
    const { root } = imported('<rect/>');
    expect(root.getAttribute('viewBox')).toBe('0 0 200 100');
    expect(root.getAttribute('width')).toBe('800');
    expect(root.getAttribute('height')).toBe('600');
    const kept = imported('<rect/>', 'viewBox="0 0 10 10" width="5cm"').root;
    expect(kept.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(importDrawing('<html/>', document, options)).toBeNull();
    expect(importDrawing('<svg xmlns="http://www.w3.org/2000/svg"><rect', document, options)).toBeNull();
  });

  it('scopes style selectors to the drawing', () => {
    expect(scopeSelector('.st0, #pump > rect', '[data-svg-scope="d1"]', 'd1-')).toBe(
      '[data-svg-scope="d1"] .st0, [data-svg-scope="d1"] #d1-pump > rect',
    );
  });
});

describe('reading a drawing', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  const reply = (body: string, type = 'image/svg+xml', status = 200) =>
    new Response(body, { status, headers: { 'content-type': type } });

  it('decodes data: SVG addresses itself', async () => {
    expect(dataSvgText(`data:image/svg+xml,${encodeURIComponent(svg)}`)).toBe(svg);
    expect(dataSvgText(`data:image/svg+xml;base64,${btoa(svg)}`)).toBe(svg);
    expect(dataSvgText('data:image/png;base64,AAAA')).toBeNull();
    const fetcher = vi.fn();
    const signal = new AbortController().signal;
    expect(
      await drawingText(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`, ORIGIN, signal, fetcher),
    ).toBe(svg);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('fetches pictures of this site only, and only SVG', async () => {
    const signal = new AbortController().signal;
    const fetcher = vi.fn(async () => reply(svg));
    expect(await drawingText('/api/v1/pictures/k/a.svg', ORIGIN, signal, fetcher)).toBe(svg);
    expect(fetcher).toHaveBeenCalledWith('/api/v1/pictures/k/a.svg', expect.objectContaining({ signal }));
    expect(await drawingText('https://elsewhere.test/a.svg', ORIGIN, signal, fetcher)).toBeNull();
    expect(await drawingText('//elsewhere.test/a.svg', ORIGIN, signal, fetcher)).toBeNull();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(await drawingText('/a.svg', ORIGIN, signal, async () => reply('<p/>', 'text/html'))).toBeNull();
    expect(
      await drawingText('/a.svg', ORIGIN, signal, async () => reply(svg, 'image/svg+xml', 404)),
    ).toBeNull();
    expect(sameSite('/api/v1/pictures/k/a.svg', ORIGIN)).toBe(true);
  });
});
