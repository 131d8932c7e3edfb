/**
 * Why a micro-app is not shown: its address is not an http(s) address with a host (or its default
 * page leaves the app's origin), or it is on the console's own origin, which the host refuses to
 * embed. The address is shown as text.
 */
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type HostFailure = 'invalidAddress' | 'ownOrigin';

export default function MicroAppFailure({
  reason,
  url,
}: {
  readonly reason: HostFailure;
  readonly url: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t(`apps.host.failure.${reason}Title`)}
      subTitle={t(`apps.host.failure.${reason}`)}
      data-testid={`micro-app-failure-${reason}`}
      extra={
        <Typography.Text code copyable={{ text: url }}>
          {url}
        </Typography.Text>
      }
    />
  );
}
