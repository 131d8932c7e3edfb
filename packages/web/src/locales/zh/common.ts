export default {
  appTitle: '物联网云平台',
  // Each language is named in its own words, the same in every language.
  languages: { zh: '简体中文', en: 'English', tc: '繁體中文' },
  actions: { ok: '确定', cancel: '取消', close: '关闭', save: '保存' },
  loading: '加载中…',
};
