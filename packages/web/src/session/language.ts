/**
 * The console language and the account's stored choice (`language` of GET /me). A choice made
 * while signed in is saved to the account; one made on the sign-in pages is saved at the next
 * sign-in, so picking English before signing in is not undone by the account's older choice.
 */
import { updateMe } from '../api/me';
import { i18n, isLanguage, setLanguage } from '../i18n';
import type { Language } from '../i18n';
import { useMe } from './me';
import type { Me } from './me';
import { useSession } from './store';

let chosenWhileSignedOut = false;

/** Switches the language and keeps it for the account (when signed in) and this browser. */
export async function chooseLanguage(language: Language): Promise<void> {
  setLanguage(language);
  if (!useSession.getState().accessToken || !useMe.getState().me) {
    chosenWhileSignedOut = true;
    return;
  }
  try {
    useMe.getState().setMe(await updateMe({ language }));
  } catch (error) {
    // The language applies here anyway; the account keeps its older choice.
    console.warn('language not saved to the account', error);
  }
}

/** After sign-in: the account's language, or the one just picked on the sign-in pages. */
export async function applyAccountLanguage(me: Me): Promise<Me> {
  const current = i18n.language;
  if (chosenWhileSignedOut && isLanguage(current)) {
    chosenWhileSignedOut = false;
    if (current === me.language) return me;
    try {
      return await updateMe({ language: current });
    } catch {
      return me;
    }
  }
  if (isLanguage(me.language) && me.language !== current) setLanguage(me.language);
  return me;
}
