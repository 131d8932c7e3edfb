export default {
  appTitle: '物联网云平台',
};
