export default {
  appTitle: '物聯網雲平台',
};
