export default {
  unsaved: {
    title: '有未保存的修改',
    content: '此设备的修改尚未保存。离开并放弃这些修改吗？',
    discard: '放弃',
    stay: '留下',
  },
};
