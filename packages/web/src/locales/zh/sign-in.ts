import account from './account';
import auth from './auth';
import common from './common';
import shell from './shell';

/**
 * The areas drawn before the rest of the language is in (src/i18n/load.ts): the sign-in pages,
 * the frame of the page (titles, a crash) and the navigation guard's questions.
 */
export default { account, auth, common, shell };
