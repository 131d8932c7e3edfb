/**
 * /increment/serviceManager (§1 value-added services, §2): the entries the server gives the user
 * (their tenant's and everyone's, the user-id gates judged there) as cards with title and icon.
 * An http(s) entry opens in a new tab, without the console as opener or referrer; a console path
 * opens here (one leading back to this page reads the user and the custom routes again, §2).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ValueAddedEntry } from '../../api/apps';
import RouteIcon from '../../shell/RouteIcon';
import { failureText } from './fields';
import { entryTarget, leadsToServiceManager } from './service-manager';
import { reloadUserAndRoutes, useMyValueAdded } from './use-my-apps';
import './apps.css';

function EntryCard({ entry }: { readonly entry: ValueAddedEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const target = entryTarget(entry.url);
  const body = (
    <Card
      hoverable={target !== null}
      className="fl-value-added-card"
      data-testid={`value-added-${entry.id}`}
      onClick={
        target?.kind === 'console'
          ? () => {
              if (leadsToServiceManager(target.path)) void reloadUserAndRoutes(client);
              void navigate(target.path);
            }
          : undefined
      }
    >
      <div className="fl-value-added-icon">
        <RouteIcon name={entry.icon ?? undefined} />
      </div>
      <Typography.Text strong>{entry.title}</Typography.Text>
      <div>
        <Typography.Text type="secondary">{t(`apps.kinds.${entry.kind}`)}</Typography.Text>
      </div>
      {target?.kind === 'external' && (
        <div>
          <Typography.Text type="secondary">{t('apps.services.opensInTab')}</Typography.Text>
        </div>
      )}
    </Card>
  );
  if (target?.kind !== 'external') return body;
  return (
    <a href={target.href} target="_blank" rel="noopener noreferrer" aria-label={entry.title}>
      {body}
    </a>
  );
}

export default function ServiceManagerPage() {
  const { t } = useTranslation();
  const { entries, loading, error } = useMyValueAdded();
  return (
    <Card title={t('shell.routes.serviceManager')} data-testid="service-manager">
      <Typography.Paragraph type="secondary">{t('apps.services.intro')}</Typography.Paragraph>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('apps.errors.loadFailed', { message: failureText(error, t) })}
        />
      ) : loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : entries.length === 0 ? (
        <Empty description={t('apps.services.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {entries.map((entry) => (
            <Col key={entry.id} xs={12} sm={8} md={6} xl={4}>
              <EntryCard entry={entry} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
