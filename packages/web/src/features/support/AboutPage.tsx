/**
 * /about (any signed-in user): the product's name (the brand's title), the console's version and
 * build (commit and time, src/app/build-info.ts), and the licences of the libraries bundled in it
 * (licenses.json of the build), searchable, each licence's text shown on request.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLicenses } from '../../api/licenses';
import type { BundledPackage } from '../../api/licenses';
import { buildInfo } from '../../app/build-info';
import { useBranding } from '../../branding/store';
import { searchWords } from './guide';
import './support.css';
import { useTimeFormat } from '../../time/zone';

/** The packages whose name or licence holds every word. */
function filterPackages(packages: readonly BundledPackage[], query: string): BundledPackage[] {
  const words = searchWords(query);
  return packages.filter((p) => {
    const text = `${p.name} ${p.version} ${p.license}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

function Licenses() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const list = useQuery({
    queryKey: ['build', 'licenses'],
    queryFn: ({ signal }) => fetchLicenses(signal),
    staleTime: Infinity,
  });
  const shown = useMemo(() => filterPackages(list.data?.packages ?? [], query), [list.data, query]);
  const columns: TableColumnsType<BundledPackage> = [
    { key: 'name', title: t('support.about.package'), dataIndex: 'name' },
    { key: 'version', title: t('support.about.version'), dataIndex: 'version', width: 140 },
    {
      key: 'license',
      title: t('support.about.license'),
      width: 200,
      render: (_, p) => (p.license ? <Tag>{p.license}</Tag> : t('support.about.noLicense')),
    },
  ];
  if (list.error) {
    return (
      <Alert type="error" showIcon title={t('support.about.loadError', { message: list.error.message })} />
    );
  }
  if (list.data === null) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('support.about.notAvailable')}
        data-testid="licenses-unavailable"
      />
    );
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {t('support.about.licensesIntro', { count: list.data?.packages.length ?? 0 })}
      </Typography.Text>
      <Input.Search
        allowClear
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('support.about.search')}
        aria-label={t('support.about.search')}
        style={{ maxWidth: 360 }}
      />
      <Table<BundledPackage>
        size="small"
        rowKey={(p) => `${p.name}@${p.version}`}
        columns={columns}
        dataSource={shown}
        loading={list.isLoading}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (p) =>
            p.text === null ? (
              <Typography.Text type="secondary">{t('support.about.noText')}</Typography.Text>
            ) : (
              <pre className="fl-support-license">{p.text}</pre>
            ),
        }}
        locale={{ emptyText: t('support.about.noMatch') }}
        data-testid="licenses"
      />
    </Space>
  );
}

export default function AboutPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const appTitle = useBranding((b) => b.appTitle);
  const build = buildInfo();
  const builtAt = build === null ? null : new Date(build.builtAt);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="about-page">
      <Card title={t('support.about.title')}>
        <Descriptions column={1} size="small" bordered style={{ maxWidth: 640 }}>
          <Descriptions.Item label={t('support.about.product')}>{appTitle}</Descriptions.Item>
          <Descriptions.Item label={t('support.about.version')}>
            {build?.version ?? t('support.about.development')}
          </Descriptions.Item>
          <Descriptions.Item label={t('support.about.commit')}>
            {build === null || build.commit === 'unknown' ? t('support.about.unknown') : build.commit}
          </Descriptions.Item>
          <Descriptions.Item label={t('support.about.builtAt')}>
            {builtAt === null || Number.isNaN(builtAt.getTime())
              ? t('support.about.unknown')
              : time.format(builtAt)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('support.about.licenses')}>
        <Licenses />
      </Card>
    </Space>
  );
}
