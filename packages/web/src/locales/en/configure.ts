export default {
  unsaved: {
    title: 'Unsaved changes',
    content: 'Your changes to this device are not saved. Leave and discard them?',
    discard: 'Discard',
    stay: 'Stay',
  },
};
