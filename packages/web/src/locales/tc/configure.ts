export default {
  unsaved: {
    title: '有未儲存的修改',
    content: '此設備的修改尚未儲存。離開並放棄這些修改嗎？',
    discard: '放棄',
    stay: '留下',
  },
};
