// Every test of this package names the section of docs/protocol.md it checks, and every section
// it names exists, so the document and the vectors cannot drift apart unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('.', import.meta.url));
const doc = readFileSync(join(srcDir, '../../../docs/protocol.md'), 'utf8');
const headings = [...doc.matchAll(/^#+ (.*)$/gm)].map((m) => m[1]!.trim().toLowerCase());

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

const files = testFiles(srcDir).filter((f) => !f.endsWith('docs.test.ts'));

describe('docs/protocol.md citations', () => {
  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files.map((f) => [relative(srcDir, f), f]))('%s cites sections that exist', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('docs/protocol.md');
    // A citation is a line naming docs/protocol.md, then one or more '§ Heading' (or a quoted
    // heading), each ended by punctuation or by ' and §'.
    const cited = [...text.matchAll(/docs\/protocol\.md([^\n]*)/g)].flatMap((line) =>
      [...line[1]!.matchAll(/(?:§\s*|^,?\s*")([^.,;:)\n"§]+?)(?=\s+and\s+§|[.,;:)\n"]|$)/g)].map((m) =>
        m[1]!.trim().toLowerCase(),
      ),
    );
    for (const section of cited) {
      expect(
        headings.some((h) => h.startsWith(section) || section.startsWith(h)),
        `no heading '${section}'`,
      ).toBe(true);
    }
  });
});
