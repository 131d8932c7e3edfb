/**
 * The tree toolbar's way in for a share code: a button opening a small dialog with the code
 * field; once redeemed the dialog closes and the tree shows the new device, selected.
 */
import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import RedeemForm from './RedeemForm';

export default function RedeemButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('sharing.redeem.open')}>
        <Button
          icon={<ShareAltOutlined />}
          aria-label={t('sharing.redeem.open')}
          data-testid="redeem-share-code"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={open}
        title={t('sharing.redeem.title')}
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
      >
        <RedeemForm autoFocus onRedeemed={() => setOpen(false)} />
      </Modal>
    </>
  );
}
