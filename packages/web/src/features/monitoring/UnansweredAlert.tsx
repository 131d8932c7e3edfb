/**
 * The silent state under a device's header: its link is up (online) but the device does not
 * answer at its slave address, so its values are not read and operations fail. The owner and
 * administrators are offered the Link tab, where the address is set; others are told to ask the
 * owner; a sub-device shows its host's silence. In a row (the tree, the group table) it is a
 * warning triangle named `Does not answer at address N` (UnansweredBadge).
 */
import { WarningFilled } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The address a device online does not answer at: the store's flags first, as online is. */
export function unansweredAddressOf(
  isOnline: boolean,
  flags: { readonly unansweredAddress?: number } | undefined,
  status: { readonly unansweredAddress: number | null },
): number | undefined {
  if (!isOnline) return undefined;
  return flags ? flags.unansweredAddress : (status.unansweredAddress ?? undefined);
}

/** The row's warning triangle: `label` for screen readers and on hover. */
export function UnansweredBadge({
  label,
  className,
  testId,
}: {
  readonly label: string;
  readonly className: string;
  readonly testId: string;
}) {
  return (
    <span className={className} role="img" aria-label={label} title={label} data-testid={testId}>
      <WarningFilled aria-hidden />
    </span>
  );
}

export default function UnansweredAlert({
  address,
  subDevice,
  onOpenLink,
}: {
  readonly address: number;
  /** A sub-device: its host is the one that does not answer. */
  readonly subDevice: boolean;
  /** Opens the device's Link tab; only for those who manage its link. */
  readonly onOpenLink?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const text = subDevice
    ? t('monitoring.device.unansweredHost', { address })
    : onOpenLink
      ? t('monitoring.device.unanswered', { address })
      : t('monitoring.device.unansweredOthers', { address });
  return (
    <Alert
      type="warning"
      showIcon
      title={text}
      data-testid="unanswered"
      action={
        !subDevice && onOpenLink ? (
          <Button size="small" onClick={onOpenLink}>
            {t('monitoring.device.toLinkTab')}
          </Button>
        ) : undefined
      }
    />
  );
}
