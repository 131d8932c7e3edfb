/**
 * The share and permissions areas of a device (spec §2, §4 share sequence, §6): issuing share
 * codes (edit right), the codes and who has access (owner and administrators: the server refuses
 * anyone else, so they are not even asked for), and a grantee's own access with giving it up.
 */
import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../api/equipment';
import { useDirectory } from '../../equipment/directory';
import { useMe } from '../../session/me';
import { sharingRole } from './access';
import GrantList from './GrantList';
import { useGrants, useRefreshSharing } from './lists';
import MyAccess from './MyAccess';
import ShareCodeList from './ShareCodeList';
import ShareDialog from './ShareDialog';

export default function SharingTab({ record }: { readonly record: Equipment }) {
  const { t } = useTranslation();
  const authority = useMe((s) => s.me?.authority);
  const isHost = useDirectory((d) => (d.types[record.type]?.hostRole ?? null) !== null);
  const permission = record.permission;
  const role = sharingRole(permission, authority);
  const grants = useGrants(record.id, role.manage);
  const refresh = useRefreshSharing(record.id);
  const [sharing, setSharing] = useState(false);

  if (!role.share && !role.manage && !role.grantee) {
    return (
      <Typography.Text type="secondary" data-testid="sharing-none">
        {t('monitoring.device.noConfig')}
      </Typography.Text>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="tab-sharing">
      {role.grantee && <MyAccess record={record} permission={permission} />}
      <Card size="small" title={t('sharing.tab.shareTitle')}>
        <Flex vertical gap={8} align="start">
          <Typography.Text type="secondary">
            {t(role.share ? 'sharing.tab.shareIntro' : 'sharing.tab.noShare')}
          </Typography.Text>
          {role.share && (
            <Button
              type="primary"
              icon={<ShareAltOutlined />}
              onClick={() => setSharing(true)}
              data-testid="open-share"
            >
              {t('sharing.tab.share')}
            </Button>
          )}
          {!role.manage && (
            <Typography.Text type="secondary" data-testid="owner-only">
              {t('sharing.tab.ownerManages')}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      {role.manage && (
        <>
          <ShareCodeList record={record} isHost={isHost} grants={grants.data?.items ?? []} />
          <GrantList record={record} isHost={isHost} grants={grants} />
        </>
      )}
      {role.share && (
        <ShareDialog
          record={record}
          permission={permission}
          isHost={isHost}
          open={sharing}
          onClose={() => setSharing(false)}
          onCreated={() => void refresh()}
        />
      )}
    </Flex>
  );
}
