/**
 * An SVG's DOCTYPE is cut out before the XML is parsed: no parser ever sees entity declarations
 * (billion laughs, external entities reading files), attribute defaults (`<!ATTLIST … #FIXED
 * "javascript:…">` adds an attribute no one wrote) or a DTD to fetch.
 *
 * Old Adobe Illustrator exports declare entities for their namespaces (`<!ENTITY ns_svg
 * "http://www.w3.org/2000/svg">`, used as `xmlns="&ns_svg;"`), so plain internal entities are
 * expanded here, once and as text: a value holding `&`, `%` or `<` (an entity built from other
 * entities, or markup), parameter entities and external entities refuse the file.
 */
import { ImageRejected, unreadable } from './errors.js';

const PREDEFINED = new Set(['lt', 'gt', 'amp', 'apos', 'quot']);
const NAME = /^[A-Za-z_:\u00c0-\uffff][\w.:\u00b7\u00c0-\uffff-]*/;

function refuse(reason: string): ImageRejected {
  return unreadable(`the svg's DOCTYPE ${reason}`);
}

function skipDeclaration(subset: string, from: number): number {
  let i = from;
  while (i < subset.length) {
    const c = subset[i]!;
    if (c === '"' || c === "'") {
      const end = subset.indexOf(c, i + 1);
      if (end < 0) break;
      i = end + 1;
    } else if (c === '>') {
      return i + 1;
    } else {
      i++;
    }
  }
  throw refuse('could not be read');
}

/** The general entities the internal subset declares, name → replacement text. */
export function parseEntities(subset: string): Map<string, string> {
  const entities = new Map<string, string>();
  let i = 0;
  while (i < subset.length) {
    const rest = subset.slice(i, i + 10);
    if (/^\s/.test(rest)) {
      i++;
    } else if (rest.startsWith('<!--')) {
      const end = subset.indexOf('-->', i + 4);
      if (end < 0) throw refuse('could not be read');
      i = end + 3;
    } else if (rest.startsWith('<?')) {
      const end = subset.indexOf('?>', i + 2);
      if (end < 0) throw refuse('could not be read');
      i = end + 2;
    } else if (rest.startsWith('%')) {
      throw refuse('uses parameter entities, which are not accepted');
    } else if (rest.startsWith('<!ENTITY')) {
      const end = skipDeclaration(subset, i + 8);
      const declaration = subset.slice(i + 8, end - 1).trim();
      if (declaration.startsWith('%')) throw refuse('declares parameter entities, which are not accepted');
      const name = NAME.exec(declaration)?.[0];
      if (!name) throw refuse('could not be read');
      const definition = declaration.slice(name.length).trim();
      const literal = /^(?:"([^"]*)"|'([^']*)')$/.exec(definition);
      if (!literal) throw refuse('declares an external entity, which is not accepted');
      const value = literal[1] ?? literal[2] ?? '';
      if (/[&%<]/.test(value)) {
        throw refuse('declares an entity made of other entities or markup, which is not accepted');
      }
      if (!PREDEFINED.has(name) && !entities.has(name)) entities.set(name, value);
      i = end;
    } else if (/^<!(?:ELEMENT|ATTLIST|NOTATION)/.test(rest)) {
      i = skipDeclaration(subset, i + 2);
    } else {
      throw refuse('could not be read');
    }
  }
  return entities;
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '"': '&quot;', "'": '&apos;', '>': '&gt;' };

/**
 * `text` with each `&name;` of a declared entity replaced by its value, escaped so it stays text
 * inside attribute values and content alike. Refuses growth past `maxLength` characters.
 */
export function expandEntities(
  text: string,
  entities: ReadonlyMap<string, string>,
  maxLength: number,
): string {
  if (entities.size === 0) return text;
  let length = text.length;
  const expanded = text.replace(/&([^\s&;<>"'#]+);/g, (reference, name: string) => {
    const value = entities.get(name);
    if (value === undefined) return reference;
    const escaped = value.replace(/["'>]/g, (c) => XML_ESCAPES[c]!);
    length += escaped.length - reference.length;
    if (length > maxLength)
      throw new ImageRejected('too_large', 'the svg grows too large when its entities are expanded');
    return escaped;
  });
  return expanded;
}
