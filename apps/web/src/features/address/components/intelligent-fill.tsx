import type { ParsedAddress } from '@shop/domain';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useParseAddress } from '../api/parse-address';

/**
 * 智能识别 (spec §7 addressReceiver/intelligent/): the shopper pastes a whole address ('张三 13800138000 广东省深圳市
 * 南山区…'); the server splits it and the form is filled with what it found, for the shopper to check.
 */
export function IntelligentFill({ onParsed }: { onParsed: (parsed: ParsedAddress) => void }) {
  const [text, setText] = useState('');
  const parse = useParseAddress();

  const run = () => {
    const value = text.trim();
    if (!value) {
      notify.warn('请先粘贴收货信息');
      return;
    }
    parse.mutate(value, {
      onSuccess: (parsed) => {
        const found = Object.values(parsed).some((v) => v !== '');
        if (!found) {
          notify.warn('未能识别出地址信息，请手动填写');
          return;
        }
        onParsed(parsed);
        notify.success('已识别并填入，请核对后保存');
      },
    });
  };

  return (
    <div className="intelligent-fill">
      <p className="intelligent-fill-tip">智能识别：粘贴整段收货信息，自动填写下方表单</p>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        maxLength={500}
        placeholder="粘贴整段收货信息，如：张三 13800138000 广东省深圳市南山区科技园路1号"
        aria-label="智能识别地址文本"
      />
      <Button onClick={run} loading={parse.isPending}>
        智能识别
      </Button>
    </div>
  );
}
