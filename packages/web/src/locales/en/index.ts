import account from './account';
import auth from './auth';
import common from './common';
import configure from './configure';
import equipment from './equipment';
import history from './history';
import monitoring from './monitoring';
import rules from './rules';
import sharing from './sharing';
import shell from './shell';
import system from './system';

/** One file per area of the console; keys grouped by area. */
export default {
  account,
  auth,
  common,
  configure,
  equipment,
  history,
  monitoring,
  rules,
  sharing,
  shell,
  system,
};
