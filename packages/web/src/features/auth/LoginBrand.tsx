/**
 * The branded head of the sign-in pages: the tenant's login title image over its title. An image
 * that cannot be loaded is left out, so the title stands alone. The tenants page previews a draft
 * brand with it.
 */
import { Typography } from 'antd';
import { useState } from 'react';

/** The sign-in pages' background. */
export const SIGN_IN_BACKGROUND = 'linear-gradient(160deg, #e8f1fb 0%, #f6f8fb 55%, #eef5ee 100%)';

export default function LoginBrand({
  titleImage,
  title,
  onImageError,
}: {
  readonly titleImage: string;
  readonly title: string;
  /** Told when the image cannot be loaded. */
  readonly onImageError?: () => void;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div style={{ textAlign: 'center', marginBottom: 24 }}>
      {failed !== titleImage && (
        <img
          src={titleImage}
          alt=""
          style={{ maxWidth: 360, maxHeight: 96, display: 'block', margin: '0 auto 8px' }}
          onError={() => {
            setFailed(titleImage);
            onImageError?.();
          }}
        />
      )}
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    </div>
  );
}
