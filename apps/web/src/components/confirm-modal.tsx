import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { AntdProvider } from './antd-provider';

export interface ConfirmModalProps {
  title: string;
  content: ReactNode;
  okText: string;
  cancelText: string;
  danger: boolean;
  open: boolean;
  busy: boolean;
  onOk: () => void;
  onCancel: () => void;
  afterClose: () => void;
}

/**
 * The dialog of `useConfirm`, on antd's Modal. It is loaded at the first question a page asks, so a page that
 * only might ask (an order's 取消订单, an address's 删除) carries none of the component library until then.
 */
export default function ConfirmModal(props: ConfirmModalProps) {
  return (
    <AntdProvider>
      <Modal
        title={props.title}
        open={props.open}
        okText={props.okText}
        cancelText={props.cancelText}
        okButtonProps={{ danger: props.danger, loading: props.busy }}
        cancelButtonProps={{ disabled: props.busy }}
        onCancel={props.onCancel}
        onOk={props.onOk}
        afterClose={props.afterClose}
        destroyOnHidden
      >
        {props.content}
      </Modal>
    </AntdProvider>
  );
}
