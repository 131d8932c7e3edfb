/**
 * The visited tabs (§2) in the card, smart or smooth style: click to go, close on the cross or
 * through the menu (right click or the bar's end): refresh, close, others, left, right, all.
 * Pinned tabs have no cross and survive every close.
 */
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  ColumnWidthOutlined,
  DownOutlined,
  MinusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { titleOf } from '../routes/navigation';
import type { TabStyle } from '../settings/settings';
import RouteIcon from './RouteIcon';
import { useTabs } from './tabs';
import type { TabAction } from './tabs';
import { refreshView } from './views/refresh';

interface Props {
  readonly tabStyle: TabStyle;
  readonly showIcon: boolean;
}

type MenuKey = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

export default function TabsBar({ tabStyle, showIcon }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const active = tabs.find((tab) => tab.path.toLowerCase() === pathname.toLowerCase())?.path ?? pathname;

  const run = (action: TabAction) => {
    const to = useTabs.getState().dispatch(action, active);
    if (to) void navigate(to);
  };

  const menu = (path: string): MenuProps => {
    const at = tabs.findIndex((tab) => tab.path === path);
    const tab = tabs[at];
    const items: NonNullable<MenuProps['items']> = [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabs.refresh') },
      { key: 'close', icon: <CloseOutlined />, label: t('shell.tabs.close'), disabled: !tab || tab.pinned },
      { key: 'closeOthers', icon: <ColumnWidthOutlined />, label: t('shell.tabs.closeOthers') },
      { key: 'closeLeft', icon: <ArrowLeftOutlined />, label: t('shell.tabs.closeLeft'), disabled: at <= 0 },
      {
        key: 'closeRight',
        icon: <ArrowRightOutlined />,
        label: t('shell.tabs.closeRight'),
        disabled: at < 0 || at === tabs.length - 1,
      },
      { key: 'closeAll', icon: <MinusOutlined />, label: t('shell.tabs.closeAll') },
    ];
    return {
      items,
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        const k = key as MenuKey;
        if (k === 'refresh') {
          if (path !== active) void navigate(path);
          else refreshView(active, search, (to, options) => void navigate(to, options));
        } else if (k === 'closeAll') run({ type: 'closeAll' });
        else {
          const to = useTabs.getState().dispatch({ type: k, path }, active);
          // The page shown was closed: closing others, left or right keeps the chosen tab, which
          // is shown then; a closed tab gives way to the last remaining one (§2).
          if (to) void navigate(k === 'close' ? to : path);
        }
      },
    };
  };

  return (
    <div className={`fl-tabs fl-tabs-${tabStyle}`}>
      <div className="fl-tabs-list" role="tablist">
        {tabs.map((tab) => {
          const selected = tab.path === active;
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={menu(tab.path)}>
              <div
                role="tab"
                tabIndex={0}
                aria-selected={selected}
                className={`fl-tab${selected ? ' fl-active' : ''}`}
                onClick={() => selected || void navigate(tab.path)}
                onKeyDown={(e) => e.key === 'Enter' && !selected && void navigate(tab.path)}
              >
                {showIcon && <RouteIcon name={tab.icon} />}
                <span className="fl-tab-title">{titleOf(tab, t)}</span>
                {!tab.pinned && (
                  <button
                    type="button"
                    className="fl-tab-close"
                    aria-label={`${t('shell.tabs.close')} ${titleOf(tab, t)}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      run({ type: 'close', path: tab.path });
                    }}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown trigger={['click']} menu={menu(active)}>
        <button type="button" className="fl-tabs-more" aria-label={t('shell.tabs.more')}>
          <DownOutlined />
        </button>
      </Dropdown>
    </div>
  );
}
