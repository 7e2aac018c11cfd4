import { Notifications } from '@mantine/notifications';

/** The chunk NotificationHost loads when the first notification is shown. */
export default Notifications;
