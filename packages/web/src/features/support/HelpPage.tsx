/**
 * /help (any signed-in user): the user guide, docs/console.md as shipped with this build, drawn
 * as React elements (markdown/, no HTML). A table of contents from its headings; the address
 * keeps the section shown (`/help?section=<slug>`): its page (the section of level 1 or 2 holding
 * it) is drawn and scrolled to it. A search shows the sections holding every word typed, with
 * the words marked.
 */
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageParams } from '../../shell/views/page-params';
import guideText from '../../../../../docs/console.md?raw';
import { useDebounced } from '../../components/use-debounced';
import { buildGuide, pageOf, searchGuide, searchWords } from './guide';
import type { GuideSection, HeadingBlock, TocNode } from './guide';
import { renderBlocks } from './markdown/render';
import './support.css';

/** The guide, parsed once per page load (the text is part of this chunk). */
const guide = buildGuide(guideText);

/** The query parameter holding the section shown. */
export const SECTION_PARAM = 'section';

/** Typing settles this long before the search runs. */
const SEARCH_SETTLE_MS = 250;

const headingId = (slug: string): string => `help-${slug}`;
const idOf = (block: HeadingBlock): string | undefined => {
  const slug = guide.slugOf.get(block);
  return slug === undefined ? undefined : headingId(slug);
};

function treeData(nodes: readonly TocNode[], keep: ReadonlySet<string> | null): TreeDataNode[] {
  return nodes.flatMap((node) => {
    const children = treeData(node.children, keep);
    if (keep !== null && !keep.has(node.key) && children.length === 0) return [];
    return [{ key: node.key, title: node.title, children }];
  });
}

function keysOf(nodes: readonly TreeDataNode[]): string[] {
  return nodes.flatMap((n) => [String(n.key), ...keysOf(n.children ?? [])]);
}

function Section({ section, marks }: { readonly section: GuideSection; readonly marks?: readonly string[] }) {
  const blocks = section.heading ? [section.heading, ...section.blocks] : section.blocks;
  return <>{renderBlocks(blocks, { marks: marks ?? [], headingId: idOf })}</>;
}

export default function HelpPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = usePageParams();
  const section = params.get(SECTION_PARAM);
  const [text, setText] = useState('');
  const settled = useDebounced(text, SEARCH_SETTLE_MS);
  // Cleared, the search ends at once rather than once the clearing has settled.
  const words = useMemo(() => searchWords(text.trim() === '' ? '' : settled), [text, settled]);
  const page = useMemo(() => pageOf(guide, section), [section]);
  const pageKey = page[0]?.slug ?? '';
  const found = useMemo(() => searchGuide(guide, words), [words]);
  const searching = words.length > 0;
  const [expanded, setExpanded] = useState<readonly string[]>([pageKey]);

  useEffect(() => setExpanded((keys) => (keys.includes(pageKey) ? keys : [...keys, pageKey])), [pageKey]);
  useEffect(() => {
    if (searching || section === null) return;
    const heading = document.getElementById(headingId(section));
    if (heading && typeof heading.scrollIntoView === 'function') heading.scrollIntoView({ block: 'start' });
  }, [section, searching]);

  const open = (slug: string) => {
    setText('');
    setParams({ [SECTION_PARAM]: slug });
  };
  const keep = searching ? new Set(found.map((s) => s.slug)) : null;
  const toc = treeData(guide.toc, keep);

  return (
    <div className="fl-help" data-testid="help-page">
      <Card size="small" className="fl-help-toc" title={t('support.help.contents')}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('support.help.search')}
          aria-label={t('support.help.search')}
          style={{ marginBottom: 8 }}
        />
        <Tree
          blockNode
          treeData={toc}
          selectedKeys={section === null ? [pageKey] : [section]}
          expandedKeys={searching ? keysOf(toc) : [...expanded]}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onSelect={(keys, info) => open(String(info.node.key))}
        />
      </Card>
      <Card size="small" className="fl-help-body">
        {i18n.language !== 'en' && (
          <Alert type="info" showIcon title={t('support.help.englishOnly')} style={{ marginBottom: 12 }} />
        )}
        {searching ? (
          <div data-testid="help-results">
            <Typography.Text type="secondary">
              {t('support.help.found', { count: found.length })}
            </Typography.Text>
            {found.length === 0 ? (
              <Empty description={t('support.help.none')} />
            ) : (
              found.map((s) => (
                <section
                  key={s.slug}
                  className="fl-help-doc fl-help-result"
                  data-testid={`help-result-${s.slug}`}
                >
                  <Section section={s} marks={words} />
                  <Button type="link" size="small" onClick={() => open(s.slug)}>
                    {t('support.help.open')}
                  </Button>
                </section>
              ))
            )}
          </div>
        ) : (
          <article className="fl-help-doc" data-testid="help-doc">
            {page.map((s) => (
              <Section key={s.slug} section={s} />
            ))}
          </article>
        )}
      </Card>
    </div>
  );
}
