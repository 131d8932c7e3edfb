export default {
  add: {
    title: 'Add equipment',
    button: 'Add equipment',
    fields: {
      serial: 'Serial number',
      type: 'Product model',
      name: 'Name',
      group: 'Group',
    },
    placeholders: {
      serial: 'As printed on the device label',
      type: 'Choose the product model',
      name: 'Name shown in the tree',
      group: 'An existing group, or type a new one',
    },
    channels: 'DO {{do}} · DI {{di}} · AI {{ai}} · AO {{ao}}',
    validation: {
      serialRequired: 'Enter the serial number',
      serialFormat: '4-32 letters, digits, - or .',
      typeRequired: 'Choose the product model',
      nameRequired: 'Enter a name',
      nameTooLong: 'At most 64 characters',
      groupTooLong: 'At most 64 characters',
    },
    errors: {
      productModel: 'product model error',
      duplicate: 'This serial number is already registered; ask its owner for a share code',
      failed: 'The equipment could not be added: {{message}}',
      typesFailed: 'The product models could not be loaded: {{message}}',
    },
    inProgress: 'Adding in progress: the new device is online and will be selected.',
    submit: 'Add',
    done: {
      title: 'Equipment {{name}} added',
      subtitle: 'Configure its DTU with these settings so it connects to this server.',
      server: 'Server address',
      port: 'DTU port',
      portNote: 'The default DTU_PORT; your administrator may have set another.',
      packet: 'Registration packet',
      secretNote:
        'The link secret is shown once here; as the owner you can read it again later in the device link settings.',
      show: 'Show in monitoring',
      another: 'Add another',
    },
  },
};
