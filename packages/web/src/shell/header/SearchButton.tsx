/**
 * The search dialog (§2): suggestions filtered locally over the pages the user may open and the
 * items other parts provide (equipment), after the input settles for 500 ms, joined by the
 * server's when they arrive (a failed search leaves the local ones); choosing one opens its route
 * or url, or searches the web for what was typed. Every text is drawn as React text.
 */
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchSearchSuggestions, searchKeys, searchText } from '../../api/search';
import { useDebounced } from '../../components/use-debounced';
import { findRoute } from '../../routes/access';
import { titleOf } from '../../routes/navigation';
import { flatten } from '../../routes/table';
import {
  filterSuggestions,
  isUrl,
  SEARCH_DEBOUNCE_MS,
  useSearchSources,
  webSearchUrl,
  withServerSuggestions,
} from '../search';
import type { SearchItem } from '../search';
import { recordHistory, useHistoryList } from '../historyLists';
import { useShellRoutes } from '../useShellRoutes';
import HeaderButton from './HeaderButton';

export function SearchDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entries } = useShellRoutes();
  const sources = useSearchSources((s) => s.sources);
  const [text, setText] = useState('');
  const query = useDebounced(text, SEARCH_DEBOUNCE_MS);

  const items = useMemo<SearchItem[]>(() => {
    const pages = flatten(entries)
      // Routes made per device are found through the equipment's own search items.
      .filter(
        (e) =>
          !e.hidden && e.page && e.titleKey && !e.device && !e.path.includes(':') && !e.path.includes('*'),
      )
      .map((e) => ({ title: titleOf(e, t), target: e.path, group: t('shell.search.route') }));
    return [...pages, ...Object.values(sources).flat()];
  }, [entries, sources, t]);
  const local = useMemo(() => filterSuggestions(items, query), [items, query]);
  const asked = searchText(query);
  const server = useQuery({
    queryKey: searchKeys.query(asked),
    queryFn: ({ signal }) => fetchSearchSuggestions(asked, signal),
    enabled: open && asked.length >= 1,
    staleTime: 30_000,
    retry: false,
  });
  const found = asked.length >= 1 ? server.data?.items : undefined;
  const suggestions = useMemo(
    () =>
      withServerSuggestions(
        local,
        found ?? [],
        (key) => t(key),
        // A route the user reaches here (their level, the custom routes they were given).
        (target) => isUrl(target) || findRoute(target.split('?')[0]!, entries) !== undefined,
      ),
    [local, found, t, entries],
  );

  const recent = useHistoryList('suggest');
  const open_ = (target: string, title?: string) => {
    // §3's suggest list: the suggestions chosen, offered again while nothing is typed.
    if (title !== undefined) recordHistory('suggest', { text: title, target });
    if (isUrl(target)) window.open(target, '_blank', 'noopener');
    else void navigate(target);
    setText('');
    onClose();
  };
  const webItem: SearchItem[] = query.trim()
    ? [{ title: t('shell.search.web', { query: query.trim() }), target: webSearchUrl(query) }]
    : [];

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('shell.header.search')} destroyOnHidden>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('shell.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => {
          const first = [...suggestions, ...webItem][0];
          if (first && query === text) open_(first.target);
        }}
      />
      {!text.trim() && recent.length > 0 && (
        <ul className="fl-search-list" aria-label={t('notices.lists.recentSearches')}>
          <li className="fl-search-empty">
            <Typography.Text type="secondary">{t('notices.lists.recentSearches')}</Typography.Text>
          </li>
          {[...new Map(recent.map((r) => [r.target ?? r.text, r])).values()].slice(0, 10).map((r) => (
            <li
              key={`recent:${r.target ?? r.text}`}
              className="fl-search-item"
              tabIndex={0}
              onClick={() => r.target && open_(r.target, r.text)}
              onKeyDown={(e) => e.key === 'Enter' && r.target && open_(r.target, r.text)}
            >
              <span>{r.text}</span>
            </li>
          ))}
        </ul>
      )}
      {query.trim() && (
        <ul className="fl-search-list" role="listbox" aria-label={t('shell.header.search')}>
          {suggestions.length === 0 && (
            <li className="fl-search-empty">
              <Typography.Text type="secondary">{t('shell.search.empty')}</Typography.Text>
            </li>
          )}
          {[...suggestions, ...webItem].map((item) => (
            <li
              key={`${item.title}:${item.target}`}
              className="fl-search-item"
              role="option"
              aria-selected={false}
              tabIndex={0}
              onClick={() => open_(item.target, item.title)}
              onKeyDown={(e) => e.key === 'Enter' && open_(item.target, item.title)}
            >
              <span>{item.title}</span>
              {item.group && <Typography.Text type="secondary">{item.group}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

export default function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderButton
        label={t('shell.header.search')}
        icon={<SearchOutlined />}
        onClick={() => setOpen(true)}
      />
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
