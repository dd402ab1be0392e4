import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A dialog holding one form: its OK button submits the form (validated first), the button spins while the call
 * runs, and closing it forgets what was typed.
 */
export function FormModal<Values extends object>({
  title,
  okText,
  pending,
  okDisabled,
  onClose,
  form,
  name,
  initialValues,
  onFinish,
  width,
  children,
}: {
  title: ReactNode;
  okText: string;
  pending: boolean;
  /** The OK button greyed out while the form holds nothing to send. */
  okDisabled?: boolean;
  onClose: () => void;
  form: FormInstance<Values>;
  /** The form's name: its fields' ids start with it. */
  name: string;
  initialValues?: Partial<Values>;
  onFinish: (values: Values) => void;
  /** Wider than antd's 520 px for a dialog holding a table; a phone still gets the screen's width. */
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={pending}
      okButtonProps={okDisabled ? { disabled: true } : undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      width={width}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name={name}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  );
}
