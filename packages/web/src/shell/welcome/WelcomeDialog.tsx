/**
 * The welcome on the very first sign-in (spec §4): while the user record says `firstSignIn`, a
 * short word on what the console is for with ways to start. Closing it in any way makes the
 * first-sign-in call and reads the record again; if the call fails the welcome comes back on the
 * next sign-in or reload. Mounted by the shell only, so bare pages (the big screen, the wall,
 * sign-in) never show it; nor does a share link's page (/share), where a user who has just
 * registered on the way is redeeming equipment: the welcome waits for their next page.
 */
import { App, Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { confirmFirstSignIn, fetchMe } from '../../api/me';
import { useBranding } from '../../branding/store';
import { describeError } from '../../features/auth/errors';
import { ADD_EQUIPMENT_PATH } from '../../features/equipment/AddEquipmentButton';
import { routeAllowed } from '../../routes/access';
import { useAccess } from '../../session/access';
import { useMe } from '../../session/me';
import { useSession } from '../../session/store';

export const HELP_PATH = '/help';
export const PERSONAL_CENTER_PATH = '/setting/personalCenter';

export default function WelcomeDialog() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const me = useMe((s) => s.me);
  const access = useAccess();
  const appTitle = useBranding((b) => b.appTitle);
  // Closed for this visit once dismissed, whatever the call's outcome.
  const [dismissed, setDismissed] = useState(false);
  const onSharePage = /^\/share(\/|$)/i.test(useLocation().pathname);
  if (!me?.firstSignIn || dismissed || onSharePage) return null;
  const authority = me.authority;
  const canAdd = routeAllowed(ADD_EQUIPMENT_PATH, { level: authority, access });

  async function confirm(): Promise<void> {
    try {
      await confirmFirstSignIn(authority);
    } catch (error) {
      void message.error(t('shell.welcome.failed', { reason: describeError(error, t) }));
    }
    // Read again either way: after a 409 the console's record (its authority) is stale.
    try {
      const fresh = await fetchMe();
      if (useSession.getState().accessToken) useMe.getState().setMe(fresh);
    } catch {
      // The record stays as it was; the next reload reads it.
    }
  }

  const close = (to?: string) => {
    setDismissed(true);
    void confirm();
    if (to) void navigate(to);
  };

  return (
    <Modal
      open
      title={t('shell.welcome.title', { title: appTitle })}
      onCancel={() => close()}
      footer={
        <Space wrap>
          {canAdd && (
            <Button data-testid="welcome-add" onClick={() => close(ADD_EQUIPMENT_PATH)}>
              {t('shell.welcome.addEquipment')}
            </Button>
          )}
          <Button data-testid="welcome-help" onClick={() => close(HELP_PATH)}>
            {t('shell.welcome.help')}
          </Button>
          <Button data-testid="welcome-personal" onClick={() => close(PERSONAL_CENTER_PATH)}>
            {t('shell.welcome.personalCenter')}
          </Button>
          <Button type="primary" data-testid="welcome-ok" onClick={() => close()}>
            {t('shell.welcome.gotIt')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('shell.welcome.line1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('shell.welcome.line2')}</Typography.Paragraph>
      <Typography.Paragraph>{t('shell.welcome.line3')}</Typography.Paragraph>
    </Modal>
  );
}
