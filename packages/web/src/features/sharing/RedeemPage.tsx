/**
 * /share?code=…: the page a share link opens (the server's `url` of a new code). Signed out, the
 * guard sends the visitor to sign in (or register, then sign in) and back here with the code.
 * The code from the link is shown as it came; without one it is typed. On success the console
 * opens the new device in the tree.
 */
import { ShareAltOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageParams } from '../../shell/views/page-params';
import RedeemForm from './RedeemForm';
import { codeProblem } from './redeem';

export default function RedeemPage() {
  const { t } = useTranslation();
  const [params] = usePageParams();
  const code = params.get('code')?.trim() ?? '';
  // A link's code is shown as it came; one that is no code at all may be corrected.
  const fromLink = code !== '' && codeProblem(code) === null;
  return (
    <Flex justify="center" data-page="RedeemPage" style={{ paddingTop: 24 }}>
      <Card
        style={{ width: '100%', maxWidth: 480 }}
        title={
          <Flex gap={8} align="center">
            <ShareAltOutlined />
            {t('sharing.redeem.title')}
          </Flex>
        }
      >
        <Typography.Paragraph type="secondary">{t('sharing.redeem.intro')}</Typography.Paragraph>
        {/* A new link's code starts a new form (the page stays cached between visits). */}
        <RedeemForm key={code} initialCode={code} readOnly={fromLink} autoFocus={!fromLink} />
      </Card>
    </Flex>
  );
}
