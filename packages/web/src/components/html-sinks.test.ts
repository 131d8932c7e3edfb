/**
 * Keeps strings of HTML away from the libraries that parse them (docs/console.md "User text and
 * HTML"): Leaflet's tooltip, popup and icon content and ECharts' tooltip formatters must be given
 * DOM nodes (components/dom.ts), never a string, since a string there is parsed as HTML and an
 * equipment, group or channel name is anyone's text. It reads the console's sources with the
 * TypeScript checker, so a string held in a variable or returned by a function is caught too.
 * (innerHTML, dangerouslySetInnerHTML and the like are refused by the lint rules instead.)
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB_ROOT = decodeURIComponent(new URL('../../', import.meta.url).pathname);
const SRC = `${WEB_ROOT}src/`;

/** Leaflet layer methods whose first argument is content: a string there is HTML. */
const CONTENT_METHODS = new Set([
  'bindTooltip',
  'bindPopup',
  'setTooltipContent',
  'setPopupContent',
  'setContent',
]);
/** Leaflet factories whose options carry content: `divIcon({ html })`, `tooltip({ content })`. */
const CONTENT_OPTIONS: Readonly<Record<string, string>> = {
  divIcon: 'html',
  tooltip: 'content',
  popup: 'content',
};
/** Where a file may hand content to one of them (cheap text test before the checker looks). */
const MENTIONS = /bindTooltip|bindPopup|setTooltipContent|setPopupContent|setContent|divIcon|formatter/;

const STRINGY = ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown;

function isStringy(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isStringy);
  return (type.flags & STRINGY) !== 0;
}

/** A value's type as content: a function counts by what it returns. */
function givesString(checker: ts.TypeChecker, node: ts.Node): boolean {
  const type = checker.getTypeAtLocation(node);
  const calls = type.getCallSignatures();
  if (calls.length > 0) return calls.some((call) => isStringy(checker.getReturnTypeOfSignature(call)));
  return isStringy(type);
}

const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
};

const propertyName = (node: ts.ObjectLiteralElementLike): string | undefined =>
  node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;

/** The value a property of an object literal is given (`a: v`, or the shorthand `a`). */
const propertyValue = (node: ts.ObjectLiteralElementLike): ts.Node | undefined =>
  ts.isPropertyAssignment(node)
    ? node.initializer
    : ts.isShorthandPropertyAssignment(node)
      ? node.name
      : undefined;

/** Where a string reaches an HTML sink in `file`, as `file:line: what`. */
function problemsIn(checker: ts.TypeChecker, file: ts.SourceFile): string[] {
  const found: string[] = [];
  const report = (node: ts.Node, what: string): void => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${file.fileName.replace(SRC, '')}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const first = node.arguments[0];
      if (name && first && CONTENT_METHODS.has(name) && givesString(checker, first)) {
        report(first, `${name} is given a string (Leaflet parses it as HTML)`);
      }
      const option = name ? CONTENT_OPTIONS[name] : undefined;
      if (option && first && ts.isObjectLiteralExpression(first)) {
        for (const property of first.properties) {
          const value = propertyValue(property);
          if (propertyName(property) === option && value && givesString(checker, value)) {
            report(value, `${name}'s ${option} is a string (Leaflet parses it as HTML)`);
          }
        }
      }
    }
    // An ECharts tooltip's formatters: a string template or a string returned is HTML.
    if (
      ts.isObjectLiteralExpression(node) &&
      ts.isPropertyAssignment(node.parent) &&
      propertyName(node.parent) === 'tooltip'
    ) {
      for (const property of node.properties) {
        const name = propertyName(property);
        const value = propertyValue(property);
        if (name && /formatter$/i.test(name) && value && givesString(checker, value)) {
          report(value, `tooltip ${name} gives a string (ECharts shows it as HTML)`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${WEB_ROOT}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('packages/web/tsconfig.json could not be read');
  return { ...parsed.options, noEmit: true };
}

/** The console's sources that mention a sink (tests aside). */
function sourcesToCheck(): string[] {
  return ts.sys
    .readDirectory(SRC, ['.ts', '.tsx'])
    .filter((path) => !/\.test\.tsx?$|test-support\.tsx?$|test-render\.tsx$/.test(path))
    .filter((path) => MENTIONS.test(ts.sys.readFile(path) ?? ''));
}

/**
 * Checks `roots`, with `extra` files that exist only in memory (for the checker's own test);
 * returns the problems of every file checked.
 */
function check(roots: readonly string[], extra: Readonly<Record<string, string>> = {}): string[] {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name in extra
      ? ts.createSourceFile(name, extra[name]!, language, true)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name in extra || fileExists(name);
  const program = ts.createProgram([...roots, ...Object.keys(extra)], options, host);
  const checker = program.getTypeChecker();
  const checked = new Set([...roots, ...Object.keys(extra)]);
  return program
    .getSourceFiles()
    .filter((file) => checked.has(file.fileName))
    .flatMap((file) => problemsIn(checker, file));
}

describe('user text and HTML sinks', { timeout: 60_000 }, () => {
  it('hands Leaflet and ECharts tooltips DOM nodes, never strings of HTML', () => {
    const roots = sourcesToCheck();
    // The map and the two charts are among them: the scan is not vacuous.
    expect(roots.map((r) => r.replace(SRC, ''))).toEqual(
      expect.arrayContaining([
        'features/map/device-map.ts',
        'features/history/chart/history-option.ts',
        'features/system/ratio-option.ts',
      ]),
    );
    expect(check(roots)).toEqual([]);
  });

  it('catches a string however it arrives', () => {
    const probe = `${SRC}features/map/html-sink-probe.ts`;
    const problems = check([], {
      [probe]: `
        import type * as L from 'leaflet';
        import { element } from '../../components/dom';
        declare const marker: L.CircleMarker;
        declare const Lf: typeof L;
        declare const name: string;
        const label = (n: string) => n;
        marker.bindTooltip(name);
        marker.bindTooltip(label(name));
        marker.bindPopup(() => \`<b>\${name}</b>\`);
        marker.setTooltipContent(name);
        Lf.divIcon({ html: name });
        const option = { tooltip: { formatter: '{a}: {c}' } };
        const other = { tooltip: { trigger: 'axis', formatter: (p: { seriesName: string }) => p.seriesName } };
        // Fine: nodes whose text is text.
        marker.bindTooltip(element('span', { text: name }));
        marker.bindPopup(() => element('b', { text: name }));
        Lf.divIcon({ html: element('span', { text: name }) });
        const good = { tooltip: { formatter: () => element('div', { text: name }) } };
        export { option, other, good };
      `,
    });
    expect(problems.map((p) => p.replace(/^[^:]+:(\d+): /, '$1 '))).toEqual([
      '8 bindTooltip is given a string (Leaflet parses it as HTML)',
      '9 bindTooltip is given a string (Leaflet parses it as HTML)',
      '10 bindPopup is given a string (Leaflet parses it as HTML)',
      '11 setTooltipContent is given a string (Leaflet parses it as HTML)',
      "12 divIcon's html is a string (Leaflet parses it as HTML)",
      '13 tooltip formatter gives a string (ECharts shows it as HTML)',
      '14 tooltip formatter gives a string (ECharts shows it as HTML)',
    ]);
  });
});
