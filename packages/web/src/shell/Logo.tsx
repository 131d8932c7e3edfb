/** The logo and app title (the tenant's when branded); a click goes home ('/'). */
import { useState } from 'react';
import { Link } from 'react-router';
import { useBranding } from '../branding/store';

// The mark shipped with the console, for when the brand's logo cannot be loaded.
const FALLBACK_LOGO = 'favicon.svg';

export default function Logo({ collapsed = false }: { readonly collapsed?: boolean }) {
  const logoUrl = useBranding((b) => b.logoUrl);
  const title = useBranding((b) => b.appTitle);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Link to="/" className={`fl-logo${collapsed ? ' fl-logo-collapsed' : ''}`} title={title}>
      <img src={failed === logoUrl ? FALLBACK_LOGO : logoUrl} alt="" onError={() => setFailed(logoUrl)} />
      {!collapsed && <span className="fl-logo-title">{title}</span>}
    </Link>
  );
}
