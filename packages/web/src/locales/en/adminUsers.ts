export default {
  intro:
    'Every account of the platform. The authority level decides which pages an account reaches; roles and abilities decide what it may do there. A disabled account cannot sign in.',
  empty: 'No accounts match',
  none: '—',
  never: 'Never',
  total: 'Total: {{count}}',
  search: {
    label: 'Search accounts',
    placeholder: 'User name, phone or e-mail',
  },
  status: {
    label: 'Status',
    all: 'All',
    enabled: 'Enabled',
    disabled: 'Disabled',
    disabledAt: 'Disabled since {{time}}',
  },
  columns: {
    userName: 'User name',
    phone: 'Phone',
    email: 'E-mail',
    authority: 'Authority',
    roles: 'Roles',
    abilities: 'Abilities',
    tenant: 'Tenant',
    status: 'Status',
    registeredAt: 'Registered',
    lastSignInAt: 'Last sign-in',
    actions: 'Actions',
  },
  fields: {
    authority: 'Authority',
    roles: 'Roles',
    abilities: 'Abilities',
  },
  abilities: {
    READ: 'Read (READ)',
    WRITE: 'Write (WRITE)',
    OPR: 'Operate (OPR)',
    DELETE: 'Delete (DELETE)',
  },
  actions: {
    edit: 'Edit',
    disable: 'Disable',
    enable: 'Enable',
  },
  confirm: {
    disableTitle: 'Disable {{user}}?',
    disableText: 'The account can no longer sign in, and its sessions end.',
    enableTitle: 'Enable {{user}}?',
    enableText: 'The account can sign in again.',
  },
  self: {
    tag: 'You',
    cannotDisable: 'You cannot disable your own account.',
    keepsAdmin: 'Your own account stays an administrator (1000).',
  },
  edit: {
    title: 'Edit {{user}}',
    rolesHelp:
      'admin and editor, or a name of your own (a letter, then letters, digits, _ or -); {{max}} at most.',
    failed: 'Not saved: {{message}}',
  },
  validation: {
    roleName: 'A role is a letter, then up to 31 letters, digits, _ or -.',
    tooManyRoles: 'At most {{max}} roles.',
  },
  messages: {
    saved: '{{user}} saved',
    disabled: '{{user}} disabled',
    enabled: '{{user}} enabled',
    failed: 'Not changed: {{message}}',
    loadFailed: 'The accounts could not be read: {{message}}',
  },
};
