import account from './account';
import auth from './auth';
import cameras from './cameras';
import common from './common';
import configure from './configure';
import diagrams from './diagrams';
import diagramEditor from './diagramEditor';
import diagramDrawing from './diagramDrawing';
import diagramScene from './diagramScene';
import diagramLinks from './diagramLinks';
import bigScreen from './bigScreen';
import weather from './weather';
import adminUsers from './adminUsers';
import adminTenants from './adminTenants';
import apps from './apps';
import equipment from './equipment';
import files from './files';
import history from './history';
import monitoring from './monitoring';
import pictures from './pictures';
import rules from './rules';
import sharing from './sharing';
import notices from './notices';
import reports from './reports';
import shell from './shell';
import system from './system';
import support from './support';

/** One file per area of the console; keys grouped by area. */
export default {
  account,
  auth,
  cameras,
  common,
  configure,
  diagrams,
  diagramEditor,
  diagramDrawing,
  diagramScene,
  diagramLinks,
  bigScreen,
  weather,
  adminUsers,
  adminTenants,
  apps,
  equipment,
  files,
  history,
  monitoring,
  pictures,
  rules,
  sharing,
  notices,
  reports,
  shell,
  system,
  support,
};
