export default {
  appTitle: 'Fieldlink Cloud',
  // Each language is named in its own words, the same in every language.
  languages: { zh: '简体中文', en: 'English', tc: '繁體中文' },
  actions: { ok: 'OK', cancel: 'Cancel', close: 'Close', save: 'Save' },
  loading: 'Loading…',
};
