export default {
  appTitle: 'Fieldlink Cloud',
};
