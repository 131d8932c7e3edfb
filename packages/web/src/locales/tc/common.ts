export default {
  appTitle: '物聯網雲平台',
  // Each language is named in its own words, the same in every language.
  languages: { zh: '简体中文', en: 'English', tc: '繁體中文' },
  actions: { ok: '確定', cancel: '取消', close: '關閉', save: '儲存' },
  loading: '載入中…',
};
