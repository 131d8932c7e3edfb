/** The view's words in the user's language (widgets/types.ts ViewWords), resolved once per language. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewWords } from './widgets/types';

export type DiagramWords = ViewWords & { readonly title: string };

export function useViewWords(): DiagramWords {
  const { t, i18n } = useTranslation();
  return useMemo<DiagramWords>(
    () => ({
      title: t('diagrams.view.title'),
      on: t('diagrams.view.on'),
      off: t('diagrams.view.off'),
      online: t('diagrams.view.online'),
      offline: t('diagrams.view.offline'),
      alarm: t('diagrams.view.alarm'),
      noValue: t('diagrams.view.noValue'),
      unknown: t('diagrams.view.unknown'),
      picture: t('diagrams.view.picture'),
      state: (name, state) => t('diagrams.view.state', { name, state }),
      decrease: (name, step) => t('diagrams.view.decrease', { name, step }),
      increase: (name, step) => t('diagrams.view.increase', { name, step }),
    }),
    // The words follow the language.
    [t, i18n.language],
  );
}
