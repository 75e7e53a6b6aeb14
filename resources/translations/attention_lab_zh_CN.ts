<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AttentionState</name>
    <message>
        <location filename="../../gui/model/reasons.py" line="53"/>
        <source>{0} is computed and cannot be edited</source>
        <translation>{0} 是算出来的，不能直接修改</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="34"/>
        <source>{0} is beyond ±1,000,000</source>
        <translation>{0} 超出了 ±1,000,000</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="30"/>
        <location filename="../../gui/model/reasons.py" line="35"/>
        <location filename="../../gui/model/state.py" line="330"/>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="257"/>
        <source>Edit {0}</source>
        <translation>修改 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="54"/>
        <source>Paste refused: the rows have different numbers of cells</source>
        <translation>粘贴被拒绝：各行的格数不一样</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="57"/>
        <source>Paste refused: a {0}×{1} block at {2} runs past the {3}×{4} grid</source>
        <translation>粘贴被拒绝：从 {2} 开始的 {0}×{1} 块超出了 {3}×{4} 的表格</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="31"/>
        <source>Paste refused: {0}: {1}</source>
        <translation>粘贴被拒绝：{0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="267"/>
        <source>Paste into {0}</source>
        <translation>粘贴到 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="60"/>
        <source>At most {0} tokens can be edited here</source>
        <translation>这里最多编辑 {0} 个词</translation>
    </message>
    <message>
        <location filename="../../gui/model/examples.py" line="15"/>
        <source>token {0}</source>
        <translation>词{0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="279"/>
        <source>Add token “{0}”</source>
        <translation>添加词“{0}”</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="61"/>
        <source>At least one token is needed</source>
        <translation>至少需要一个词</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="288"/>
        <source>Remove token “{0}”</source>
        <translation>删除词“{0}”</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="40"/>
        <source>A dimension must be between 1 and {0}</source>
        <translation>维度必须在 1 到 {0} 之间</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="41"/>
        <source>{0} heads need a width they divide: {1} is not a multiple of {0}</source>
        <translation>{0} 个头需要能整除的宽度：{1} 不是 {0} 的倍数</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="44"/>
        <source>Heads: {0}</source>
        <translation>头数：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="45"/>
        <source>W_o needs projection mode (X and the W&apos;s)</source>
        <translation>W_o 需要投影模式（X 与各 W）</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="48"/>
        <source>The mask must be {0}×{0}, not {1}</source>
        <translation>掩码必须是 {0}×{0}，而不是 {1}</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="49"/>
        <source>Dropout: {0}</source>
        <translation>随机丢弃：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="50"/>
        <source>Dropout: the seed must be from 0 to {0}</source>
        <translation>Dropout：种子必须在 0 到 {0} 之间</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="51"/>
        <source>Restore: {0}</source>
        <translation>恢复：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="62"/>
        <source>A token needs a name</source>
        <translation>词不能没有名字</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="63"/>
        <source>A token name can have at most 200 characters</source>
        <translation>词名最多 200 个字符</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="64"/>
        <source>A token name cannot hold {0}: it could not be shown or saved</source>
        <translation>词名不能含有 {0}：它无法显示或保存</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="298"/>
        <source>Rename “{0}” to “{1}”</source>
        <translation>把“{0}”改名为“{1}”</translation>
    </message>
    <message>
        <location filename="../../gui/model/reasons.py" line="37"/>
        <source>Projection mode needs one column of X per token: at most {0} tokens</source>
        <translation>投影模式下 X 每个词占一列：最多 {0} 个词</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="166"/>
        <source>Inputs from X and W_q, W_k, W_v</source>
        <translation>改用投影输入：X 与 W_q、W_k、W_v</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="168"/>
        <source>Inputs Q, K, V typed directly</source>
        <translation>直接输入 Q、K、V</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="174"/>
        <source>Causal mask on</source>
        <translation>打开因果掩码</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="175"/>
        <source>Causal mask off</source>
        <translation>关闭因果掩码</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="185"/>
        <source>Set d_k to {0}</source>
        <translation>把 d_k 设为 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="195"/>
        <source>Set d_v to {0}</source>
        <translation>把 d_v 设为 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="200"/>
        <source>Set d_model to {0}</source>
        <translation>把 d_model 设为 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="209"/>
        <source>Split into {0} heads</source>
        <translation>分成 {0} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="217"/>
        <source>Add W_o</source>
        <translation>加上 W_o</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="218"/>
        <source>Remove W_o</source>
        <translation>去掉 W_o</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="224"/>
        <source>Mark “{0}” as padding</source>
        <translation>把“{0}”标为填充</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="226"/>
        <source>“{0}” is no longer padding</source>
        <translation>“{0}”不再是填充</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="232"/>
        <source>Paint the mask</source>
        <translation>绘制掩码</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="237"/>
        <source>Set dropout</source>
        <translation>设置随机丢弃</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="245"/>
        <source>Restore the model&apos;s numbers</source>
        <translation>恢复模型的数值</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="310"/>
        <source>τ = √d_k</source>
        <translation>τ 回到 √d_k</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="312"/>
        <source>Set τ = {0:.3g}</source>
        <translation>把 τ 设为 {0:.3g}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="323"/>
        <source>Load preset</source>
        <translation>载入预设</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="348"/>
        <source>Load {0}</source>
        <translation>载入 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="353"/>
        <source>Load a random example</source>
        <translation>载入随机例子</translation>
    </message>
    <message>
        <location filename="../../gui/model/state.py" line="387"/>
        <source>τ must be a positive number</source>
        <translation>τ 必须是正数</translation>
    </message>
</context>
<context>
    <name>Autosave</name>
    <message>
        <location filename="../../gui/session/autosave.py" line="182"/>
        <source>The autosaved session cannot be read and was discarded.

{0}</source>
        <translation>自动保存的会话无法读取，已丢弃。

{0}</translation>
    </message>
    <message>
        <location filename="../../gui/session/autosave.py" line="183"/>
        <source>Cannot recover</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <location filename="../../gui/session/autosave.py" line="189"/>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location filename="../../gui/session/autosave.py" line="191"/>
        <source>Attention Lab did not close properly. Recover the session autosaved at {0}?

No discards it.</source>
        <translation>注意力实验室上次没有正常关闭。要恢复 {0} 自动保存的会话吗？

选“否”会丢弃它。</translation>
    </message>
</context>
<context>
    <name>Captions</name>
    <message>
        <location filename="../../gui/export/captions.py" line="189"/>
        <location filename="../../gui/export/captions.py" line="211"/>
        <source>Numbers: {0}; {1}</source>
        <translation>数值：{0}；{1}</translation>
    </message>
    <message>
        <location filename="../../gui/export/captions.py" line="205"/>
        <source>Edited: no longer the numbers of {0}; {1}</source>
        <translation>已编辑：不再是 {0} 的数值；{1}</translation>
    </message>
    <message>
        <location filename="../../gui/export/captions.py" line="207"/>
        <source>Numbers: {0}, not computed as the model does; {1}</source>
        <translation>数值：{0}，但未按模型的方式计算；{1}</translation>
    </message>
    <message>
        <location filename="../../gui/export/captions.py" line="217"/>
        <source>Outlined: the row of {0}</source>
        <translation>框出的是 {0} 的那一行</translation>
    </message>
    <message>
        <location filename="../../gui/export/captions.py" line="223"/>
        <source>The row of {0}: z_{0} = Σ A[{0}, j] × v_j</source>
        <translation>{0} 的那一行：z_{0} = Σ A[{0}, j] × v_j</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="161"/>
        <source>Every layer and head of {0}: “{1}”; {2}</source>
        <translation>{0} 的每一层、每个头：“{1}”；{2}</translation>
    </message>
</context>
<context>
    <name>Comparing</name>
    <message>
        <location filename="../../gui/window/comparing.py" line="114"/>
        <source>&amp;Pin as A</source>
        <translation>固定为 A(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="115"/>
        <source>Pin A</source>
        <translation>固定 A</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="117"/>
        <source>Pin the whole setting as A: change anything, and compare B with it</source>
        <translation>把当前整套设置固定为 A：之后改动任何东西，都是 B，与 A 对比</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="119"/>
        <source>U&amp;npin</source>
        <translation>取消固定(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="120"/>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="121"/>
        <source>End the comparison</source>
        <translation>结束对比</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="122"/>
        <source>Compare: the steps show</source>
        <translation>对比：四步显示</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="124"/>
        <source>B, the setting being changed</source>
        <translation>B，正在改动的设置</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="125"/>
        <source>A, the setting pinned</source>
        <translation>A，固定的设置</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="126"/>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="130"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="132"/>
        <source>d_k = 64: unscaled (A) against ÷√d_k (B)</source>
        <translation>d_k = 64：不缩放（A）与除以 √d_k（B）</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="133"/>
        <source>猫 吃 鱼: τ = 0.5 (A) against τ = 2 (B)</source>
        <translation>猫 吃 鱼：τ = 0.5（A）与 τ = 2（B）</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="134"/>
        <source>猫 吃 鱼: no mask (A) against the causal mask (B)</source>
        <translation>猫 吃 鱼：不遮挡（A）与因果遮挡（B）</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="135"/>
        <source>Real model: layer 1, head 1 (A) against head 2 (B)</source>
        <translation>真实模型：第 1 层，第 1 个头（A）与第 2 个头（B）</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="136"/>
        <source>Real model: layer 1 (A) against layer 6 (B), head 1</source>
        <translation>真实模型：第 1 层（A）与第 6 层（B），第 1 个头</translation>
    </message>
    <message>
        <location filename="../../gui/window/comparing.py" line="137"/>
        <source>Train at d_k = 64: unscaled (A) against ÷√d_k (B)</source>
        <translation>在 d_k = 64 训练：不缩放（A）与除以 √d_k（B）</translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="22"/>
        <source>causal mask on</source>
        <translation>因果遮挡开</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="24"/>
        <source>causal mask off</source>
        <translation>因果遮挡关</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="30"/>
        <source>{0} tokens</source>
        <translation>{0} 个词</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="34"/>
        <source>head {0}</source>
        <translation>第 {0} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="37"/>
        <source>typed numbers</source>
        <translation>手输的数</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="38"/>
        <source>layer {0}, head {1}</source>
        <translation>第 {0} 层第 {1} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="40"/>
        <source>{0} padding</source>
        <translation>{0} 个填充词</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="43"/>
        <source>own mask</source>
        <translation>自画遮挡</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="43"/>
        <source>no own mask</source>
        <translation>无自画遮挡</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="47"/>
        <source>no dropout</source>
        <translation>无 dropout</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="48"/>
        <source>dropout p = {0:g}</source>
        <translation>dropout p = {0:g}</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="59"/>
        <source>{0} edited</source>
        <translation>改了 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="61"/>
        <source>A and B are the same: change anything to compare</source>
        <translation>A 与 B 相同：改动任何东西即可对比</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="62"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="63"/>
        <source>as pinned</source>
        <translation>与固定时相同</translation>
    </message>
    <message>
        <location filename="../../gui/model/comparison_text.py" line="64"/>
        <source>A: {0} · B: {1}</source>
        <translation>A:{0} · B:{1}</translation>
    </message>
</context>
<context>
    <name>ComparisonBar</name>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="70"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="71"/>
        <source>Show B, the setting you are changing</source>
        <translation>显示 B，正在改动的设置</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="72"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="73"/>
        <source>Show A, the setting pinned</source>
        <translation>显示 A，固定的设置</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="74"/>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="75"/>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="76"/>
        <source>End the comparison (also in Edit)</source>
        <translation>结束对比（也在“编辑”菜单里）</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="91"/>
        <source>{0} — B − A is not defined: A and B differ in shape</source>
        <translation>{0} —— B − A 无定义：A 与 B 的形状不同</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="97"/>
        <source>Show B − A at every step</source>
        <translation>每一步都显示 B − A</translation>
    </message>
    <message>
        <location filename="../../gui/views/comparison_bar.py" line="98"/>
        <source>B − A is not defined: A and B differ in shape (tokens or widths)</source>
        <translation>B − A 无定义：A 与 B 的形状不同（词数或宽度）</translation>
    </message>
</context>
<context>
    <name>ComparisonExport</name>
    <message>
        <location filename="../../gui/export/comparison_figures.py" line="50"/>
        <source>{0}: A | B | B − A</source>
        <translation>{0}：A | B | B − A</translation>
    </message>
    <message>
        <location filename="../../gui/export/comparison_figures.py" line="52"/>
        <source>{0}: A | B</source>
        <translation>{0}：A | B</translation>
    </message>
    <message>
        <location filename="../../gui/export/comparison_figures.py" line="61"/>
        <source>A (pinned)</source>
        <translation>A(固定)</translation>
    </message>
    <message>
        <location filename="../../gui/export/comparison_figures.py" line="62"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../gui/export/comparison_figures.py" line="63"/>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <location filename="../../gui/export/comparison_figures.py" line="72"/>
        <source>{0} — B − A is not defined: A and B differ in shape</source>
        <translation>{0} —— B − A 无定义:A 与 B 的形状不同</translation>
    </message>
</context>
<context>
    <name>ConcatView</name>
    <message>
        <location filename="../../gui/views/concat_view.py" line="61"/>
        <source>X {0} · W_q {1} → Q {2}, and so K; X · W_v {3} → V {4}</source>
        <translation>X {0} · W_q {1} → Q {2}，K 同理；X · W_v {3} → V {4}</translation>
    </message>
    <message>
        <location filename="../../gui/views/concat_view.py" line="65"/>
        <source>Q, K {0} → split into {1} heads of {2}; V {3} → {1} heads of {4}</source>
        <translation>Q、K {0} → 分成 {1} 个头，每头 {2}；V {3} → {1} 个头，每头 {4}</translation>
    </message>
    <message>
        <location filename="../../gui/views/concat_view.py" line="69"/>
        <source>each head i: softmax(Q_i K_iᵀ / √d_k) · V_i → Z_i {0}</source>
        <translation>每个头 i：softmax(Q_i K_iᵀ / √d_k) · V_i → Z_i {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/concat_view.py" line="73"/>
        <source>Concat {0} · W_o {1} → output {2}</source>
        <translation>拼接 {0} · W_o {1} → 输出 {2}</translation>
    </message>
    <message>
        <location filename="../../gui/views/concat_view.py" line="76"/>
        <source>Concat {0} (no W_o: the output is the concat)</source>
        <translation>拼接 {0}（没有 W_o：输出就是拼接结果）</translation>
    </message>
    <message>
        <location filename="../../gui/views/concat_view.py" line="98"/>
        <source>{0}, Z′ = A′·V</source>
        <translation>{0}，Z′ = A′·V</translation>
    </message>
    <message>
        <location filename="../../gui/views/concat_view.py" line="112"/>
        <source>MultiHead(Q, K, V) = Concat(…)·W_o</source>
        <translation>MultiHead(Q, K, V) = Concat(…)·W_o</translation>
    </message>
</context>
<context>
    <name>ExperimentRunner</name>
    <message>
        <location filename="../../gui/variance/panel.py" line="63"/>
        <source>Not enough memory for these settings: try fewer candidate keys or smaller d_k values</source>
        <translation>内存不够运行这些设置：请减少候选词数或用更小的 d_k 取值</translation>
    </message>
</context>
<context>
    <name>ExplainPanel</name>
    <message>
        <location filename="../../gui/views/hand_calculation.py" line="70"/>
        <source>Show every term</source>
        <extracomment>the hand calculation&apos;s type against the text&apos;s while presenting, largest first: as large as the heatmaps&apos; names (1.3) where the step fits its room, else smaller down to the text&apos;s (at 1080p it was 18 px beside 30 px numbers, in a room two-thirds empty) A&apos;s and B&apos;s calculations side by side where each line stays whole, tried from this wide (the panel is 380 px at 1280×720: one above the other there)</extracomment>
        <translation>显示每一项</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation.py" line="71"/>
        <source>Long sums are shortened; tick to see every term</source>
        <translation>长的求和会被缩写；勾选后显示每一项</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation.py" line="214"/>
        <source>Click any cell of a heatmap to see how it is calculated.</source>
        <translation>点击热力图的任意一格，看它是怎么算出来的。</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation.py" line="228"/>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation.py" line="228"/>
        <source>B (being changed)</source>
        <translation>B（正在修改）</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation.py" line="242"/>
        <source>A has no such cell: A and B differ in shape.</source>
        <translation>A 没有这个单元格：A 与 B 的形状不同。</translation>
    </message>
</context>
<context>
    <name>Explanation</name>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="52"/>
        <source>… {0} more …</source>
        <translation>… 另有 {0} 项 …</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="73"/>
        <source>① Score S[{0}, {1}] = q&lt;sub&gt;{0}&lt;/sub&gt; · k&lt;sub&gt;{1}&lt;/sub&gt;</source>
        <translation>① 打分 S[{0}, {1}] = q&lt;sub&gt;{0}&lt;/sub&gt; · k&lt;sub&gt;{1}&lt;/sub&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="86"/>
        <source>② Scaled S[{0}, {1}]</source>
        <translation>② 缩放 S[{0}, {1}]</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="88"/>
        <source>{0} → −∞: the mask hides this key (causal, padding or painted out)</source>
        <translation>{0} → −∞：掩码遮住了这个键（因果、填充或手绘）</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="97"/>
        <source>τ = {0} instead of √d_k = {1}</source>
        <translation>τ = {0}，而不是 √d_k = {1}</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="113"/>
        <source>③ Weight A[{0}, {1}]: softmax of {0}&apos;s row</source>
        <translation>③ 配比 A[{0}, {1}]：{0} 这一行的 softmax</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="117"/>
        <source>Every key is hidden: all weights are 0.</source>
        <translation>所有的词都被遮住：配比全是 0。</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="126"/>
        <source>Subtract the row&apos;s largest value m = {0} first (the result is the same):</source>
        <translation>先减去这一行的最大值 m = {0}（结果不变）：</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="141"/>
        <source>{0} is hidden by the mask: its scaled score is −∞, e&lt;sup&gt;−∞&lt;/sup&gt; = 0, so its weight is exactly 0</source>
        <translation>{0} 被掩码遮住：缩放后的分数是 −∞，e&lt;sup&gt;−∞&lt;/sup&gt; = 0，所以它的配比正好是 0</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="170"/>
        <source>④ Context z′&lt;sub&gt;{0}&lt;/sub&gt; = Σ A′[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;, dimension d{1}</source>
        <translation>④ 上下文 z′&lt;sub&gt;{0}&lt;/sub&gt; = Σ A′[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;，第 d{1} 维</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="179"/>
        <source>④ Context z′&lt;sub&gt;{0}&lt;/sub&gt; = Σ A′[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</source>
        <translation>④ 上下文 z′&lt;sub&gt;{0}&lt;/sub&gt; = Σ A′[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="199"/>
        <source>{0}: the sum of the rounded terms</source>
        <translation>{0}：各项取整后之和</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="200"/>
        <source>without rounding: {0} ≈ {1}</source>
        <translation>不取整：{0} ≈ {1}</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="261"/>
        <source>Dropout (p = {0}): kept, so {1} = {2} ÷ (1 − {0}) = &lt;b&gt;{3}&lt;/b&gt;</source>
        <translation>随机丢弃（dropout，p = {0}）：保留，所以 {1} = {2} ÷ (1 − {0}) = &lt;b&gt;{3}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="266"/>
        <source>Dropout (p = {0}): dropped, so {1} = &lt;b&gt;0&lt;/b&gt;</source>
        <translation>随机丢弃（dropout，p = {0}）：丢弃，所以 {1} = &lt;b&gt;0&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="151"/>
        <source>scaled row</source>
        <translation>缩放后的一行</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="152"/>
        <source>sum</source>
        <translation>求和</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="175"/>
        <source>④ Context z&lt;sub&gt;{0}&lt;/sub&gt;, dimension d{1}</source>
        <translation>④ 上下文 z&lt;sub&gt;{0}&lt;/sub&gt;，第 d{1} 维</translation>
    </message>
    <message>
        <location filename="../../gui/views/hand_calculation_text.py" line="183"/>
        <source>④ Context z&lt;sub&gt;{0}&lt;/sub&gt; = Σ A[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</source>
        <translation>④ 上下文 z&lt;sub&gt;{0}&lt;/sub&gt; = Σ A[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</translation>
    </message>
</context>
<context>
    <name>Export</name>
    <message>
        <location filename="../../gui/export/files.py" line="57"/>
        <source>The folder {0} is not writable</source>
        <translation>文件夹 {0} 不可写</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="61"/>
        <source>The disk is full: {0} was not written</source>
        <translation>磁盘已满：{0} 没有写入</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="65"/>
        <source>The folder {0} does not exist</source>
        <translation>文件夹 {0} 不存在</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="73"/>
        <source>Could not write {0}: {1}</source>
        <translation>无法写入 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="252"/>
        <source>① scores S = QKᵀ</source>
        <translation>① 打分 S = QKᵀ</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="253"/>
        <source>② scaled scores S/τ</source>
        <translation>② 缩放后的分数 S/τ</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="254"/>
        <source>③ weights A</source>
        <translation>③ 配比 A</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="255"/>
        <source>④ context Z = A·V</source>
        <translation>④ 上下文 Z = A·V</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="263"/>
        <source>Weights of the selected token (bars)</source>
        <translation>选中词的配比（柱状图）</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="266"/>
        <source>Mixing: z = Σ A·v</source>
        <translation>调酒台：z = Σ A·v</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="267"/>
        <source>Weights as lines (BertViz)</source>
        <translation>配比连线图（BertViz）</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="268"/>
        <source>Weights as lines, every head in its colour</source>
        <translation>配比连线图，每个头一种颜色</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="271"/>
        <source>Weights A of every head</source>
        <translation>每个头的配比 A</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="272"/>
        <source>Concat(head₁, …, headₕ) = [Z₁ | … | Zₕ]</source>
        <translation>Concat(head₁, …, headₕ) = [Z₁ | … | Zₕ]</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="275"/>
        <source>MultiHead(Q, K, V) = Concat(…)·W_o</source>
        <translation>MultiHead(Q, K, V) = Concat(…)·W_o</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="278"/>
        <source>Mask: which keys each query may see</source>
        <translation>掩码：每个查询可以看哪些键</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="279"/>
        <source>The real model: A of every layer and head</source>
        <translation>真实模型：每一层、每个头的 A</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="284"/>
        <source>Experiment: spread of q·k against d_k</source>
        <translation>实验：q·k 的波动与 d_k</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="287"/>
        <source>Experiment: histogram of q·k</source>
        <translation>实验：q·k 的直方图</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="290"/>
        <source>Experiment: largest weight against d_k</source>
        <translation>实验：最大配比与 d_k</translation>
    </message>
    <message>
        <location filename="../../gui/export/files.py" line="293"/>
        <source>Experiment: size of the softmax&apos;s gradient</source>
        <translation>实验：softmax 梯度的大小</translation>
    </message>
</context>
<context>
    <name>ExportAllDialog</name>
    <message>
        <location filename="../../gui/export/dialogs.py" line="134"/>
        <source>Export all</source>
        <translation>全部导出</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="136"/>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="137"/>
        <source>SVG</source>
        <translation>SVG</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="138"/>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="139"/>
        <source>CSV (one file per matrix)</source>
        <translation>CSV（每个矩阵一个文件）</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="140"/>
        <source>JSON (all matrices)</source>
        <translation>JSON（全部矩阵）</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="153"/>
        <source>Every figure in each chosen format, the matrices (tokens, Q, K, V, S, S/τ, A, Z) and the session file go into one folder. SVG files do not embed their fonts. In CSV, a cell hidden by the mask is written -inf.</source>
        <translation>每张图按所选格式、所有矩阵（词、Q、K、V、S、S/τ、A、Z）和会话文件都写进同一个文件夹。SVG 文件不嵌入字体。CSV 里被掩码遮住的格写作 -inf。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="159"/>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="160"/>
        <source>Scale (PNG)</source>
        <translation>放大倍数（PNG）</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <location filename="../../gui/export/controller.py" line="123"/>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="124"/>
        <source>Export &amp;figure…</source>
        <translation>导出图(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="125"/>
        <source>Export &amp;all…</source>
        <translation>全部导出(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="126"/>
        <source>&amp;Handout PDF…</source>
        <translation>讲义 PDF(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="127"/>
        <source>Copy &amp;matrix</source>
        <translation>复制矩阵(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="130"/>
        <source>As tab-separated text</source>
        <translation>制表符分隔的文本</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="131"/>
        <source>As LaTeX (bmatrix)</source>
        <translation>LaTeX（bmatrix）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="163"/>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="163"/>
        <source>Export as SVG…</source>
        <translation>导出为 SVG…</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="164"/>
        <source>Export as PDF…</source>
        <translation>导出为 PDF…</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="172"/>
        <source>Copy as TSV</source>
        <translation>复制为 TSV</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="173"/>
        <source>Copy as LaTeX</source>
        <translation>复制为 LaTeX</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="194"/>
        <source>tab-separated text</source>
        <translation>制表符分隔的文本</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="194"/>
        <source>LaTeX</source>
        <translation>LaTeX</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="195"/>
        <source>Copied {0} as {1}</source>
        <translation>已把 {0} 复制为 {1}</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="210"/>
        <source>The experiment has no result to draw yet</source>
        <translation>实验还没有可画的结果</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="214"/>
        <source>There is no figure called {0}</source>
        <translation>没有叫 {0} 的图</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="233"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="254"/>
        <source>Export all needs a whole folder path, not “{0}”: nothing was written</source>
        <translation>全部导出需要一个完整的文件夹路径，而不是“{0}”：什么也没写</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="259"/>
        <source>The folder {0} does not exist</source>
        <translation>文件夹 {0} 不存在</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="263"/>
        <location filename="../../gui/export/controller.py" line="268"/>
        <location filename="../../gui/export/controller.py" line="276"/>
        <source>Export cancelled: nothing was written</source>
        <translation>导出已取消：没有写入任何文件</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="291"/>
        <source>Exported {0} files to {1}</source>
        <translation>已导出 {0} 个文件到 {1}</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="293"/>
        <source>(not the experiment&apos;s plots: the experiment did not run)</source>
        <translation>（不含实验的图：实验没有运行）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="343"/>
        <source>The matrices ({0}) would be about {1} and take about {2} s to write. Write them? (Without CSV and JSON, the figures alone stay small.)</source>
        <translation>矩阵文件（{0}）约有 {1}，约需 {2} 秒写出。要写出吗？（不选 CSV 和 JSON 时，只导出图，文件很小。）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="354"/>
        <source>{0} is the top of the disk. Export all would put its files and folders (about a hundred) straight into it, not into a folder of their own. Write them there?</source>
        <translation>{0} 是磁盘的最顶层。全部导出会把它的文件和文件夹（约一百个）直接放在这里，而不是放进它们自己的文件夹。仍然写到这里吗？</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="347"/>
        <location filename="../../gui/export/controller.py" line="358"/>
        <source>Export all</source>
        <translation>全部导出</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="421"/>
        <source>Export all into</source>
        <translation>全部导出到</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="452"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>ExportDialogs</name>
    <message>
        <location filename="../../gui/export/dialogs.py" line="44"/>
        <source>Each figure with its title, the selected row and its legend</source>
        <translation>每张图带上标题、选中的行和图例</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="50"/>
        <source>What the window shows around a figure, drawn above it in the file: it then stands alone on a slide.</source>
        <translation>把窗口里图周围的说明画在文件中的图上方：单独放进幻灯片也看得懂。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="222"/>
        <source>{0} already exists in {1}. Replace it?</source>
        <translation>{1} 里已有 {0}。要替换吗？</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="227"/>
        <source>{0} files already exist in {1}:
{2}
Replace them?</source>
        <translation>{1} 里已有 {0} 个同名文件：
{2}
要替换吗？</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="230"/>
        <source>Replace files?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="239"/>
        <source>PNG picture (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="240"/>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="241"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="243"/>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="289"/>
        <source>Nothing was exported: choose the folder again.</source>
        <translation>什么也没导出：请重新选择文件夹。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="296"/>
        <source>The folder box reads {0}, which names more than one folder.</source>
        <translation>文件夹框里写的是 {0}，它指向不止一个文件夹。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="302"/>
        <source>The file dialog answered {0}, which is not a whole folder path.</source>
        <translation>文件对话框给出的是 {0}，这不是完整的文件夹路径。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="311"/>
        <source>The file dialog answered {0}, but its folder box reads {1}.</source>
        <translation>文件对话框给出的是 {0}，但它的文件夹框里写的是 {1}。</translation>
    </message>
</context>
<context>
    <name>ExportProgress</name>
    <message>
        <location filename="../../gui/export/progress.py" line="84"/>
        <source>Export all</source>
        <translation>全部导出</translation>
    </message>
    <message>
        <location filename="../../gui/export/progress.py" line="102"/>
        <source>Running the experiment for its plots…</source>
        <translation>正在运行实验，以便导出它的图…</translation>
    </message>
    <message>
        <location filename="../../gui/export/progress.py" line="160"/>
        <source>Drawing {0}… ({1} of {2} files made)</source>
        <translation>正在绘制 {0}…（已完成 {1} 个文件，共 {2} 个）</translation>
    </message>
    <message>
        <location filename="../../gui/export/progress.py" line="164"/>
        <source>Writing the matrices as text… ({0} of {1} files made)</source>
        <translation>正在把矩阵写成文本…（已完成 {0} 个文件，共 {1} 个）</translation>
    </message>
    <message>
        <location filename="../../gui/export/progress.py" line="180"/>
        <source>Writing {0} files…</source>
        <translation>正在写入 {0} 个文件…</translation>
    </message>
</context>
<context>
    <name>FigureDialog</name>
    <message>
        <location filename="../../gui/export/dialogs.py" line="75"/>
        <source>Export figure</source>
        <translation>导出图</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="83"/>
        <source>PNG picture</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="84"/>
        <source>SVG drawing (vector)</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="85"/>
        <source>PDF document (vector)</source>
        <translation>PDF 文档（矢量）</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="92"/>
        <source>Figure</source>
        <translation>图</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="93"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="94"/>
        <source>Scale (PNG)</source>
        <translation>放大倍数（PNG）</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="107"/>
        <source>A picture 1× to 8× its size on screen, for slides.</source>
        <translation>屏幕大小的 1 到 8 倍的图片，用于幻灯片。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="109"/>
        <source>Text stays text and every heatmap cell is a rectangle. Fonts are not embedded: the computer that opens the file needs a font with Chinese characters (most have one). Use PDF to carry the fonts along.</source>
        <translation>文字保持为文字，热力图的每一格都是矩形。字体不嵌入：打开文件的电脑需要有中文字体（大多都有）。要带上字体请用 PDF。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="113"/>
        <source>Vector graphics with the fonts embedded: Chinese shows anywhere.</source>
        <translation>矢量图，嵌入字体：中文在哪里都能显示。</translation>
    </message>
</context>
<context>
    <name>FormulaBar</name>
    <message>
        <location filename="../../gui/views/formula_bar.py" line="323"/>
        <source>X ({0}×{1}) ⋅ W → </source>
        <extracomment>Each step&apos;s colour: its text on white, and on its own tint, keeps WCAG AA contrast (4.5:1). Every kind of part the formula has, for its height (see FormulaBar._formula_height). Part ② with τ&apos;s widest text (τ runs from 0.01 to 20.000): its room while τ is not √d_k.</extracomment>
        <translation>X ({0}×{1}) ⋅ W → </translation>
    </message>
    <message>
        <location filename="../../gui/views/formula_bar.py" line="325"/>
        <source>Q, K ({0}×{1}) → QKᵀ/{3} ({0}×{0}) → softmax ({0}×{0}) → ⋅V → Z ({0}×{2})</source>
        <translation>Q, K ({0}×{1}) → QKᵀ/{3} ({0}×{0}) → softmax ({0}×{0}) → ⋅V → Z ({0}×{2})</translation>
    </message>
    <message>
        <location filename="../../gui/views/formula_bar.py" line="332"/>
        <source>MultiHead(Q, K, V) = {0}{1}; head {2}: </source>
        <translation>MultiHead(Q, K, V) = {0}{1}；头 {2}：</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <location filename="../../gui/export/handout.py" line="158"/>
        <source>τ = √d_k = {0}</source>
        <translation>τ = √d_k = {0}</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="160"/>
        <source>τ = {0}</source>
        <translation>τ = {0}</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="163"/>
        <source>causal mask: on</source>
        <translation>因果掩码：开</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="165"/>
        <source>causal mask: off</source>
        <translation>因果掩码：关</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="167"/>
        <source>Tokens {0} · L = {1}, d_k = {2}, d_v = {3} · {4} · {5}</source>
        <translation>词 {0} · L = {1}，d_k = {2}，d_v = {3} · {4} · {5}</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="226"/>
        <source>Comparison: A, the setting pinned, and B</source>
        <translation>对比：固定的设置 A 与 B</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="261"/>
        <source>Attention Lab handout</source>
        <translation>注意力实验室讲义</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="269"/>
        <source>Scaled dot-product attention</source>
        <translation>缩放点积注意力</translation>
    </message>
    <message>
        <location filename="../../gui/export/handout.py" line="284"/>
        <source>Hand calculation for the row of {0}</source>
        <translation>{0} 这一行的手算</translation>
    </message>
</context>
<context>
    <name>HandoutDialog</name>
    <message>
        <location filename="../../gui/export/dialogs.py" line="191"/>
        <source>Handout PDF</source>
        <translation>讲义 PDF</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="198"/>
        <source>The formula, the four heatmaps, the hand calculation of the selected token&apos;s row and the mixing view, with the fonts embedded.</source>
        <translation>公式、四张热力图、选中词那一行的手算和调酒台，嵌入字体。</translation>
    </message>
    <message>
        <location filename="../../gui/export/dialogs.py" line="203"/>
        <source>Paper</source>
        <translation>纸张</translation>
    </message>
</context>
<context>
    <name>HeadGrid</name>
    <message>
        <location filename="../../gui/views/head_grid.py" line="77"/>
        <source>A of every head on one scale, 0 to {0}; click a head to open it</source>
        <translation>每个头的 A 用同一色标，0 到 {0}；点击一个头即可打开它</translation>
    </message>
    <message>
        <location filename="../../gui/views/head_grid.py" line="79"/>
        <source>Click a head: the four steps, the dial and the mixing view show it</source>
        <translation>点击一个头：四步、旋钮和调酒台都显示它</translation>
    </message>
    <message>
        <location filename="../../gui/views/head_grid.py" line="136"/>
        <source>head {0}</source>
        <translation>头 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/head_grid.py" line="167"/>
        <source>head {0}: largest weight {1}</source>
        <translation>头 {0}：最大配比 {1}</translation>
    </message>
</context>
<context>
    <name>HeadsControls</name>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="84"/>
        <source>Heads h</source>
        <translation>头数 h</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="85"/>
        <source>Dropout</source>
        <translation>随机丢弃</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="87"/>
        <source>Split Q, K and V into h heads of d_k = width / h columns each</source>
        <translation>把 Q、K、V 分成 h 个头，每头 d_k = 宽度 / h 列</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="89"/>
        <source>W_o</source>
        <translation>W_o</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="90"/>
        <source>Project the heads&apos; concat by W_o (projection mode)</source>
        <translation>用 W_o 投影各头的拼接结果（投影模式）</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="91"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="93"/>
        <source>seed </source>
        <translation>种子 </translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="94"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="95"/>
        <source>evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_controls.py" line="97"/>
        <source>Training drops each weight with probability p and divides the rest by 1 − p; evaluation shows A unchanged</source>
        <translation>训练时每个配比以概率 p 被丢弃，其余除以 1 − p；评估时 A 不变</translation>
    </message>
</context>
<context>
    <name>HeadsPanel</name>
    <message>
        <location filename="../../gui/views/heads_panel.py" line="123"/>
        <source>Heads</source>
        <translation>各头</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_panel.py" line="124"/>
        <source>Lines</source>
        <translation>连线</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_panel.py" line="125"/>
        <source>Concat and W_o</source>
        <translation>拼接与 W_o</translation>
    </message>
    <message>
        <location filename="../../gui/views/heads_panel.py" line="126"/>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
</context>
<context>
    <name>Heatmap</name>
    <message>
        <location filename="../../gui/plots/cell_pointing.py" line="52"/>
        <source>{0} (dropped by dropout; crossed hatch)</source>
        <translation>{0}（被 dropout 丢弃；交叉网线）</translation>
    </message>
    <message>
        <location filename="../../gui/plots/cell_pointing.py" line="55"/>
        <source>{0} (masked; slanting hatch)</source>
        <translation>{0}（被掩码遮住；斜线）</translation>
    </message>
</context>
<context>
    <name>InputsPanel</name>
    <message>
        <location filename="../../gui/views/inputs_panel.py" line="79"/>
        <source>Inputs from X and W_q, W_k, W_v</source>
        <translation>用投影输入：X 与 W_q、W_k、W_v</translation>
    </message>
    <message>
        <location filename="../../gui/views/inputs_panel.py" line="81"/>
        <source>Q = X·W_q, K = X·W_k, V = X·W_v: type token vectors X and three projection matrices instead of Q, K and V. Switched on, X starts as the identity and the W&apos;s as the current Q, K, V; switched off, the computed Q, K, V stay.</source>
        <translation>Q = X·W_q，K = X·W_k，V = X·W_v：不直接输入 Q、K、V，而是输入词向量 X 和三个投影矩阵。打开时，X 从单位矩阵开始，各 W 取当前的 Q、K、V；关闭时，算出的 Q、K、V 保留。</translation>
    </message>
</context>
<context>
    <name>LongRun</name>
    <message>
        <location filename="../../gui/variance/long_run.py" line="24"/>
        <source>{0} s</source>
        <translation>{0} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/variance/long_run.py" line="26"/>
        <source>{0} min</source>
        <translation>{0} 分钟</translation>
    </message>
    <message>
        <location filename="../../gui/variance/long_run.py" line="27"/>
        <source>{0:.1f} h</source>
        <translation>{0:.1f} 小时</translation>
    </message>
    <message>
        <location filename="../../gui/variance/long_run.py" line="32"/>
        <source>This run draws {0} random numbers: about {1} on this computer. The window stays usable meanwhile, and Cancel stops the run. Run it?</source>
        <translation>这次运行要抽取 {0} 个随机数：在这台电脑上大约需要 {1}。运行期间窗口照常可用，点“取消”可以停止运行。要运行吗？</translation>
    </message>
    <message>
        <location filename="../../gui/variance/long_run.py" line="44"/>
        <source>A long run</source>
        <translation>运行时间较长</translation>
    </message>
    <message>
        <location filename="../../gui/variance/long_run.py" line="47"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/variance/long_run.py" line="48"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gui/window/main_window.py" line="71"/>
        <source>Attention Lab</source>
        <translation>注意力实验室 Attention Lab</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="194"/>
        <source>① ② ③ ④ The four steps</source>
        <translation>① ② ③ ④ 四步</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="195"/>
        <source>Why divide by √d_k? (experiment)</source>
        <translation>为什么除以 √d_k？（实验）</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="197"/>
        <source>Dial</source>
        <translation>旋钮</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="198"/>
        <source>Mixing</source>
        <translation>调酒台</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="200"/>
        <source>Heads</source>
        <translation>多头</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="201"/>
        <source>Real model</source>
        <translation>真实模型</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="202"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="347"/>
        <source>Inputs: tokens, X, W_q, W_k, W_v</source>
        <translation>输入：词、X、W_q、W_k、W_v</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="348"/>
        <source>Inputs: tokens, Q, K, V</source>
        <translation>输入：词、Q、K、V</translation>
    </message>
    <message>
        <location filename="../../gui/window/main_window.py" line="199"/>
        <source>Hand calculation</source>
        <translation>手算</translation>
    </message>
</context>
<context>
    <name>MaskEditor</name>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="229"/>
        <source>All</source>
        <translation>全部允许</translation>
    </message>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="229"/>
        <source>None</source>
        <translation>全部禁止</translation>
    </message>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="229"/>
        <source>Causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="230"/>
        <source>Invert</source>
        <translation>反转</translation>
    </message>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="234"/>
        <source>Green: may be looked at · grey: forbidden here · pale, hatched: hidden by the causal mask or padding</source>
        <translation>绿色：可以看 · 灰色：在此禁止 · 浅色带斜线：被因果掩码或填充遮住</translation>
    </message>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="238"/>
        <source> · over {0} tokens, set it with the buttons</source>
        <translation> · 超过 {0} 个词时，请用下面的按钮设置</translation>
    </message>
    <message>
        <location filename="../../gui/views/mask_editor.py" line="241"/>
        <source>Rows are queries, columns keys: green may be looked at. Click or drag to paint; it is combined with the causal mask and padding (AND).</source>
        <translation>行是查询，列是键：绿色表示可以看。点击或拖动来绘制；它与因果掩码和填充取“与”。</translation>
    </message>
</context>
<context>
    <name>MatrixExport</name>
    <message>
        <location filename="../../gui/export/controller.py" line="44"/>
        <source>Q (queries)</source>
        <translation>Q（提问）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="45"/>
        <source>K (keys)</source>
        <translation>K（标签）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="46"/>
        <source>V (values)</source>
        <translation>V（内容）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="47"/>
        <source>S = QKᵀ (scores)</source>
        <translation>S = QKᵀ（打分）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="48"/>
        <source>S/τ (scaled scores)</source>
        <translation>S/τ（缩放后的分数）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="49"/>
        <source>A (weights)</source>
        <translation>A（配比）</translation>
    </message>
    <message>
        <location filename="../../gui/export/controller.py" line="50"/>
        <source>Z = A·V (context)</source>
        <translation>Z = A·V（上下文）</translation>
    </message>
</context>
<context>
    <name>MatrixGrid</name>
    <message>
        <location filename="../../gui/views/matrix_grid.py" line="205"/>
        <source> (computed)</source>
        <translation>（算出的）</translation>
    </message>
</context>
<context>
    <name>MatrixImporter</name>
    <message>
        <location filename="../../gui/session/importer.py" line="40"/>
        <source>&amp;Import matrices…</source>
        <translation>导入矩阵(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="41"/>
        <source>Q, K, V (or X, W_q, W_k, W_v) from CSV files named q.csv, k.csv …, NumPy .npy files, or one .npz archive</source>
        <translation>从名为 q.csv、k.csv … 的 CSV 文件、NumPy .npy 文件或一个 .npz 压缩包导入 Q、K、V（或 X、W_q、W_k、W_v）</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="50"/>
        <location filename="../../gui/session/importer.py" line="69"/>
        <source>Import matrices</source>
        <translation>导入矩阵</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="52"/>
        <source>Matrices (*.csv *.tsv *.txt *.npy *.npz);;All files (*)</source>
        <translation>矩阵 (*.csv *.tsv *.txt *.npy *.npz);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="70"/>
        <source>Reading {0}…</source>
        <translation>正在读取 {0}…</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="73"/>
        <source>Import cancelled: nothing was imported</source>
        <translation>导入已取消：没有导入任何内容</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="83"/>
        <source>Cannot import</source>
        <translation>无法导入</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="77"/>
        <source>Nothing was imported.

{0}</source>
        <translation>什么都没有导入。

{0}</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="92"/>
        <source>Import {0}</source>
        <translation>导入 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/session/importer.py" line="94"/>
        <source>Imported {0}: {1} tokens, d_k = {2}, d_v = {3}</source>
        <translation>已导入 {0}：{1} 个词，d_k = {2}，d_v = {3}</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <location filename="../../gui/window/menus.py" line="137"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="138"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="139"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="140"/>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="141"/>
        <source>猫 吃 鱼 — cat eats fish (the lesson)</source>
        <translation>猫 吃 鱼（课文的例子）</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="142"/>
        <source>Shape check: X·W projections (3 × 8 → 4, 6)</source>
        <translation>形状体检：X·W 投影（3 × 8 → 4, 6）</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="144"/>
        <source>Two heads: one looks at the previous token, one at itself</source>
        <translation>两个头：一个看前一个词，一个看自己</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="146"/>
        <source>Random…</source>
        <translation>随机…</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="147"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="148"/>
        <source>Decimals</source>
        <translation>小数位数</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="149"/>
        <source>Colours of the weights A</source>
        <translation>权重 A 的配色</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="151"/>
        <source>From 0 to 1 (the weights as they are)</source>
        <translation>从 0 到 1（权重本身）</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="152"/>
        <source>Each row ÷ its largest weight</source>
        <translation>每行 ÷ 该行最大权重</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="153"/>
        <source>Log scale (0.0001 to 1)</source>
        <translation>对数刻度（0.0001 到 1）</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="157"/>
        <source>Language / 语言</source>
        <translation>语言 / Language</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="158"/>
        <source>Pipeline</source>
        <translation>流程</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="159"/>
        <source>Causal mask (hide future tokens)</source>
        <translation>因果掩码（遮住未来的词）</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="160"/>
        <source>Inputs from &amp;X and W_q, W_k, W_v</source>
        <translation>用投影输入：&amp;X 与 W_q、W_k、W_v</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="179"/>
        <source>&amp;Undo {0}</source>
        <translation>撤销 {0}(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="179"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="180"/>
        <source>&amp;Redo {0}</source>
        <translation>重做 {0}(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="180"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="184"/>
        <location filename="../../gui/window/menus.py" line="186"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="185"/>
        <location filename="../../gui/window/menus.py" line="187"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="186"/>
        <source>Undo {0}</source>
        <translation>撤销 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/window/menus.py" line="187"/>
        <source>Redo {0}</source>
        <translation>重做 {0}</translation>
    </message>
</context>
<context>
    <name>MixingView</name>
    <message>
        <location filename="../../gui/views/mixing.py" line="189"/>
        <source>the rest: Σ A′[{0}, j] × v_j,d{1} over {2} tokens = {3}</source>
        <translation>其余：对 {2} 个词求 Σ A′[{0}, j] × v_j,d{1} = {3}</translation>
    </message>
    <message>
        <location filename="../../gui/views/mixing.py" line="191"/>
        <source>the rest: Σ A[{0}, j] × v_j,d{1} over {2} tokens = {3}</source>
        <translation>其余：对 {2} 个词求 Σ A[{0}, j] × v_j,d{1} = {3}</translation>
    </message>
    <message>
        <location filename="../../gui/views/mixing.py" line="406"/>
        <source>the rest, {0} tokens (mean v)</source>
        <translation>其余 {0} 个词（v 取平均）</translation>
    </message>
    <message>
        <location filename="../../gui/views/mixing.py" line="417"/>
        <source>z′&lt;sub&gt;{0}&lt;/sub&gt; = Σ A′[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</source>
        <translation>z′&lt;sub&gt;{0}&lt;/sub&gt; = Σ A′[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/mixing.py" line="419"/>
        <source>z&lt;sub&gt;{0}&lt;/sub&gt; = Σ A[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</source>
        <translation>z&lt;sub&gt;{0}&lt;/sub&gt; = Σ A[{0}, j] × v&lt;sub&gt;j&lt;/sub&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/mixing.py" line="423"/>
        <source>outline, dashed line: A (pinned)</source>
        <translation>轮廓、虚线：A（已固定）</translation>
    </message>
</context>
<context>
    <name>ModelAtlas</name>
    <message>
        <location filename="../../gui/views/model_atlas.py" line="78"/>
        <source>File → Open a sentence… runs a real model and shows every layer&apos;s and head&apos;s weights A here</source>
        <translation>“文件 → 打开一句话…”会运行真实模型，并在这里显示每一层、每个头的权重 A</translation>
    </message>
    <message>
        <location filename="../../gui/views/model_atlas.py" line="82"/>
        <source>These numbers came from {0}, which is not on this computer, so its other heads cannot be shown. File → Open a model folder… (or installing the model) brings them here</source>
        <translation>这些数值来自 {0}，这台电脑上没有这个模型，所以无法显示它的其他头。用“文件 → 打开模型文件夹…”（或安装这个模型）就能在这里看到它们</translation>
    </message>
    <message>
        <location filename="../../gui/views/model_atlas.py" line="87"/>
        <source>A of every layer (rows) and head (columns) on one scale, 0 to {0}; click a head to open it, a layer&apos;s name (L1 …) to open all its heads</source>
        <translation>每一层（行）和每个头（列）的 A，同一色标，0 到 {0}；点击一个头即可打开它，点击层名（L1 …）即可打开这一层的全部头</translation>
    </message>
    <message>
        <location filename="../../gui/views/model_atlas.py" line="92"/>
        <source>Click a head: the four steps show its real Q, K and V. Click L1 … L6: the layer&apos;s every head, side by side</source>
        <translation>点击一个头：四个步骤会显示它真实的 Q、K 和 V。点击 L1 … L6：这一层的全部头并排显示</translation>
    </message>
    <message>
        <location filename="../../gui/views/model_atlas.py" line="217"/>
        <source>layer {0}: open its {1} heads side by side</source>
        <translation>第 {0} 层：并排打开它的 {1} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/views/model_atlas.py" line="223"/>
        <source>layer {0}, head {1}: largest weight {2}</source>
        <translation>第 {0} 层，第 {1} 个头：最大权重 {2}</translation>
    </message>
</context>
<context>
    <name>ModelRun</name>
    <message>
        <location filename="../../gui/model/model_run.py" line="101"/>
        <source>Open layer {0}, head {1}</source>
        <translation>打开第 {0} 层，第 {1} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/model/model_run.py" line="117"/>
        <source>Open layer {0}, its {1} heads</source>
        <translation>打开第 {0} 层的 {1} 个头</translation>
    </message>
</context>
<context>
    <name>PipelineView</name>
    <message>
        <location filename="../../gui/views/pipeline.py" line="168"/>
        <source>{0}: pad</source>
        <extracomment>the steps whose values τ changes: their colour scales hold still while the dial plays (S&apos;s and A&apos;s never move with τ) the heatmaps one above the other in the grid: (upper, lower) the heatmaps side by side, rows level: the left one&apos;s names serve both (left, right)</extracomment>
        <translation>{0}：填充</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="170"/>
        <source>{0}: no key</source>
        <translation>{0}：无键</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="194"/>
        <source>① scores S = QKᵀ</source>
        <translation>① 打分 S = QKᵀ</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="195"/>
        <source>② scaled S / {0}</source>
        <translation>② 缩放 S / {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="196"/>
        <source>③ weights A = softmax by row</source>
        <translation>③ 配比 A = 按行 softmax</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="196"/>
        <source>③ weights A</source>
        <translation>③ 配比 A</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="197"/>
        <source>④ context Z = A⋅V</source>
        <translation>④ 上下文 Z = A⋅V</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="201"/>
        <source>③ A′ = dropout(A), p = {0:g}: kept ÷ {1:g}</source>
        <translation>③ A′ = dropout(A)，p = {0:g}：保留的 ÷ {1:g}</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="204"/>
        <source>③ A′ = dropout(A)</source>
        <translation>③ A′ = dropout(A)</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="206"/>
        <source>④ context Z′ = A′⋅V</source>
        <translation>④ 上下文 Z′ = A′⋅V</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="262"/>
        <source>Whole matrix</source>
        <translation>整个矩阵</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="264"/>
        <source>Show every heatmap&apos;s whole matrix again (or double-click a heatmap, or Home)</source>
        <translation>让每张热图重新显示整个矩阵（也可双击热图，或按 Home 键）</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="307"/>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="309"/>
        <source>scale held while τ plays</source>
        <translation>τ 播放时色标固定</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="318"/>
        <source>A: 0 to 1</source>
        <translation>A：0 到 1</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="320"/>
        <location filename="../../gui/views/pipeline.py" line="334"/>
        <source>A′: 0 to {0:g}</source>
        <translation>A′：0 到 {0:g}</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="321"/>
        <source>A ÷ row&apos;s max</source>
        <translation>A ÷ 行最大值</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="322"/>
        <source>A: log scale</source>
        <translation>A：对数刻度</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="327"/>
        <source>How the weights are coloured; the numbers stay the weights themselves</source>
        <translation>权重如何着色；数字始终是权重本身</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="335"/>
        <source>A ÷ row&apos;s largest</source>
        <translation>A ÷ 行最大值</translation>
    </message>
    <message>
        <location filename="../../gui/views/pipeline.py" line="336"/>
        <source>A, log scale</source>
        <translation>A，对数刻度</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <location filename="../../gui/window/presenter.py" line="123"/>
        <source>The text is as large as this screen allows</source>
        <translation>文字已是这块屏幕能容下的最大字号</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter.py" line="110"/>
        <source>&amp;Presenter view</source>
        <translation>演示视图(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter.py" line="112"/>
        <source>The four steps, large, on the projector (or over this screen): F11</source>
        <translation>四个步骤放大显示在投影仪上（或盖住本屏幕）：F11</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter.py" line="114"/>
        <source>Presenter view: larger text</source>
        <translation>演示视图：放大文字</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter.py" line="115"/>
        <source>Presenter view: smaller text</source>
        <translation>演示视图：缩小文字</translation>
    </message>
</context>
<context>
    <name>PresenterView</name>
    <message>
        <location filename="../../gui/window/presenter_view.py" line="146"/>
        <source>Attention Lab — presenter view</source>
        <translation>注意力实验室 Attention Lab — 演示视图</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter_view.py" line="149"/>
        <source>1–4, ← →: the steps · D: the dial · T: training · Ctrl+= / Ctrl+-: text size · Esc: close</source>
        <translation>1–4、← →：逐步讲解 · D：温度旋钮 · T：训练 · Ctrl+= / Ctrl+-：文字大小 · Esc：关闭</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter_view.py" line="153"/>
        <source>Dial (D)</source>
        <translation>旋钮 (D)</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter_view.py" line="154"/>
        <source>Show or hide the temperature dial</source>
        <translation>显示或隐藏温度旋钮</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter_view.py" line="155"/>
        <source>Training (T)</source>
        <translation>训练 (T)</translation>
    </message>
    <message>
        <location filename="../../gui/window/presenter_view.py" line="157"/>
        <source>Show or hide the training: Step, Train, the loss and the gradient</source>
        <translation>显示或隐藏训练：走一步、训练、损失和梯度</translation>
    </message>
</context>
<context>
    <name>QAbstractFileIconProvider</name>
    <message>
        <location filename="../../gui/support/language.py" line="28"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/support/language.py" line="29"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../../gui/support/language.py" line="30"/>
        <source>Drive</source>
        <translation>驱动器</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../gui/support/language.py" line="26"/>
        <source>&amp;Look in:</source>
        <extracomment>Qt&apos;s own words that qtbase_zh_CN.qm lacks (its file dialog&apos;s labels carry a &quot;&amp;&quot; that the catalogue&apos;s do not, and the type of a folder): ours, so the dialogs speak Chinese.</extracomment>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../gui/support/language.py" line="27"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RandomPresetDialog</name>
    <message>
        <location filename="../../gui/window/random_dialog.py" line="15"/>
        <source>Random example</source>
        <translation>随机例子</translation>
    </message>
    <message>
        <location filename="../../gui/window/random_dialog.py" line="18"/>
        <source>From 1 to {0} tokens</source>
        <translation>1 到 {0} 个词</translation>
    </message>
    <message>
        <location filename="../../gui/window/random_dialog.py" line="23"/>
        <source>Tokens L</source>
        <translation>词数 L</translation>
    </message>
    <message>
        <location filename="../../gui/window/random_dialog.py" line="24"/>
        <source>d_k (width of Q and K)</source>
        <translation>d_k（Q 和 K 的维度）</translation>
    </message>
    <message>
        <location filename="../../gui/window/random_dialog.py" line="25"/>
        <source>d_v (width of V)</source>
        <translation>d_v（V 的维度）</translation>
    </message>
    <message>
        <location filename="../../gui/window/random_dialog.py" line="26"/>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
</context>
<context>
    <name>RecentFiles</name>
    <message>
        <location filename="../../gui/session/recent_files.py" line="70"/>
        <source>&amp;{0} {1}</source>
        <translation>&amp;{0} {1}</translation>
    </message>
    <message>
        <location filename="../../gui/session/recent_files.py" line="76"/>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <location filename="../../gui/session/recent_files.py" line="81"/>
        <source>Recent files</source>
        <translation>最近的文件</translation>
    </message>
</context>
<context>
    <name>SentenceOpener</name>
    <message>
        <location filename="../../gui/session/sentences.py" line="106"/>
        <source>Open a sentence…</source>
        <extracomment>Loads (the callable) as a new, untitled document named by the title (language → text)</extracomment>
        <translation>打开一句话…</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="108"/>
        <source>Run a sentence through a real model (all-MiniLM-L6-v2) and open its heads&apos; real Q, K and V</source>
        <translation>让一句话通过真实模型（all-MiniLM-L6-v2），并打开各个头真实的 Q、K 和 V</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="111"/>
        <source>Open a model folder…</source>
        <translation>打开模型文件夹…</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="113"/>
        <source>Choose a folder with a BERT-family model (config.json, model.safetensors, vocab.txt)</source>
        <translation>选择一个装有 BERT 类模型的文件夹（config.json、model.safetensors、vocab.txt）</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="116"/>
        <source>Restore the model&apos;s numbers</source>
        <translation>恢复模型的数值</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="118"/>
        <source>Give back the opened head&apos;s own tokens, Q, K and V, and its own steps</source>
        <translation>恢复所打开的头自己的词元、Q、K、V 以及它自己的计算步骤</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="162"/>
        <source>Open a session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="163"/>
        <source>Running the session&apos;s sentence through the model again…</source>
        <translation>正在用模型重新计算会话里的这句话…</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="181"/>
        <source>No real model here</source>
        <translation>这里没有真实模型</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="183"/>
        <source>Attention Lab found no model on this computer. To add all-MiniLM-L6-v2 (an 83 MB download, once, with internet), run:

{0}

then try again. Without internet: an install kit built with “main.py kit --with-model” brings it. Or choose a folder that holds a model with File → Open a model folder…</source>
        <translation>Attention Lab 在这台电脑上没有找到模型。要添加 all-MiniLM-L6-v2（下载 83 MB，只需联网一次），请运行：

{0}

然后再试一次。没有网络时：用“main.py kit --with-model”做的安装包里带有它。或者用“文件 → 打开模型文件夹…”选择一个装有模型的文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="195"/>
        <source>Open a model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="196"/>
        <source>Loading the model&apos;s weights…</source>
        <translation>正在加载模型的权重…</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="199"/>
        <source>Loading the model was cancelled</source>
        <translation>已取消加载模型</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="201"/>
        <source>Cannot open the model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="212"/>
        <location filename="../../gui/session/sentences.py" line="239"/>
        <source>Open a sentence</source>
        <translation>打开一句话</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="213"/>
        <source>A sentence for the model (English works best):</source>
        <translation>给模型的一句话（英文效果最好）：</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="238"/>
        <source>Running the sentence through the model…</source>
        <translation>正在让这句话通过模型…</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="242"/>
        <source>The sentence was cancelled: nothing changed</source>
        <translation>已取消这句话：没有任何改变</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="245"/>
        <location filename="../../gui/session/sentences.py" line="250"/>
        <source>Cannot open the sentence</source>
        <translation>无法打开这句话</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="251"/>
        <source>The model has {0} layers of {1} heads</source>
        <translation>该模型有 {0} 层，每层 {1} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="258"/>
        <source>{0} tokens through {1}: layer {2}, head {3} opened</source>
        <translation>{0} 个词元通过了 {1}：已打开第 {2} 层，第 {3} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="263"/>
        <source>; {0} of them [UNK]: words its vocabulary does not have</source>
        <translation>；其中 {0} 个是 [UNK]：它的词表里没有这些词</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="274"/>
        <source>Open a model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <location filename="../../gui/session/sentences.py" line="282"/>
        <source>Model {0} opened from {1}</source>
        <translation>已从 {1} 打开模型 {0}</translation>
    </message>
</context>
<context>
    <name>SessionController</name>
    <message>
        <location filename="../../gui/session/controller.py" line="131"/>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="139"/>
        <source>{0} (edited)</source>
        <translation>{0}(已改动)</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="180"/>
        <source>Load {0}</source>
        <translation>载入 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="273"/>
        <source>New session</source>
        <translation>新会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="286"/>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="301"/>
        <source>{0} was not opened; nothing was changed.

{1}</source>
        <translation>没有打开 {0}；什么都没有改变。

{1}</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="303"/>
        <source>Cannot open the session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="313"/>
        <source>Open {0}</source>
        <translation>打开 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="332"/>
        <source>session.json</source>
        <translation>会话.json</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="334"/>
        <source>Save session as</source>
        <translation>会话另存为</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="347"/>
        <source>{0} could not be written: {1}</source>
        <translation>无法写入 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="348"/>
        <source>Cannot save the session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="355"/>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="376"/>
        <source>Attention Lab sessions (*.json);;All files (*)</source>
        <translation>注意力实验室会话 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="409"/>
        <source>The last session</source>
        <translation>上次的会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="413"/>
        <source>Restore the last session</source>
        <translation>恢复上次的会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="430"/>
        <source>Recover the autosaved session</source>
        <translation>恢复自动保存的会话</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="442"/>
        <source>{0} could not be reopened ({1}); the lesson&apos;s example is shown instead</source>
        <translation>{0} 无法重新打开（{1}），现在显示的是课上的例子</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="449"/>
        <source>Attention Lab — {0}{1}</source>
        <translation>注意力实验室 Attention Lab — {0}{1}</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="454"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="455"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="456"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="457"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gui/session/controller.py" line="464"/>
        <source>Autosave failed: {0}</source>
        <translation>自动保存失败：{0}</translation>
    </message>
</context>
<context>
    <name>SlotErrorGuard</name>
    <message>
        <location filename="../../gui/support/slot_errors.py" line="102"/>
        <source>Attention Lab met an error</source>
        <translation>Attention Lab 遇到错误</translation>
    </message>
    <message>
        <location filename="../../gui/support/slot_errors.py" line="121"/>
        <source>Something went wrong that Attention Lab did not expect:
{0}</source>
        <translation>发生了 Attention Lab 未预料到的错误：
{0}</translation>
    </message>
    <message>
        <location filename="../../gui/support/slot_errors.py" line="127"/>
        <source>Your session was saved: the next start offers to recover it.</source>
        <translation>你的会话已保存：下次启动时会提示恢复。</translation>
    </message>
    <message>
        <location filename="../../gui/support/slot_errors.py" line="133"/>
        <source>Your session could not be saved: use File → Save as now.</source>
        <translation>你的会话未能保存：请立即使用 文件 → 另存为。</translation>
    </message>
    <message>
        <location filename="../../gui/support/slot_errors.py" line="138"/>
        <source>The details are in {0}. Please send that file with a word on what you did.</source>
        <translation>详细信息在 {0} 中。请发送该文件，并简单说明你当时在做什么。</translation>
    </message>
    <message>
        <location filename="../../gui/support/slot_errors.py" line="145"/>
        <source>The details could not be written to a log file.</source>
        <translation>详细信息未能写入日志文件。</translation>
    </message>
</context>
<context>
    <name>SourceBanner</name>
    <message>
        <location filename="../../gui/views/source_banner.py" line="85"/>
        <source>{0}, layer {1}, head {2}</source>
        <translation>{0}，第 {1} 层，第 {2} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="94"/>
        <source>These were the numbers of {0}. Editing changes this one attention step only; the rest of the model does not run again.</source>
        <translation>这些原是 {0} 的数值。编辑只改变这一步注意力计算；模型的其余部分不会重新运行。</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="55"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="56"/>
        <source>Restore the model&apos;s numbers (also in Edit)</source>
        <translation>恢复模型的数值（“编辑”菜单里也有）</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="81"/>
        <source>{0}, layer {1}, its {2} heads</source>
        <translation>{0}，第 {1} 层，全部 {2} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="83"/>
        <source>layer {0}, its {1} heads</source>
        <translation>第 {0} 层，全部 {1} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="86"/>
        <source>layer {0}, head {1}</source>
        <translation>第 {0} 层，第 {1} 个头</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="90"/>
        <source>Edited: no longer the numbers of {0}</source>
        <translation>已编辑：不再是 {0} 的数值</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="92"/>
        <source>Edited: no longer the model&apos;s numbers</source>
        <translation>已编辑：不再是模型的数值</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="98"/>
        <source>The Q, K, V of {0}, not computed as the model does</source>
        <translation>{0} 的 Q、K、V，但没有按模型的方式计算</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="100"/>
        <source>Not computed as the model does</source>
        <translation>没有按模型的方式计算</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="102"/>
        <source>The model computes this head with τ = √d_k, one head, no mask and no dropout: {0}</source>
        <translation>模型计算这个头时用 τ = √d_k、单个头、不加掩码、不用 dropout：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="106"/>
        <source>The model computes this layer with τ = √d_k, its {0} heads, no mask and no dropout: {1}</source>
        <translation>模型计算这一层时用 τ = √d_k、它的 {0} 个头、不加掩码、不用 dropout：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/views/source_banner.py" line="110"/>
        <source>Real numbers of {0}: “{1}”</source>
        <translation>{0} 的真实数值：“{1}”</translation>
    </message>
</context>
<context>
    <name>TemperatureDial</name>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="132"/>
        <source>Speed of the sweep</source>
        <translation>扫动速度</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="133"/>
        <source>τ → 0: one winner</source>
        <translation>τ → 0：一家独大</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="134"/>
        <source>τ = 20: all equal</source>
        <translation>τ = 20：雨露均沾</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="135"/>
        <source>τ = 1: raw scores</source>
        <translation>τ = 1：原始分数</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="138"/>
        <source>Small differences between scores give an even spread; large differences give one winner. Dividing by √d_k is choosing τ = √d_k: it calms the scores.</source>
        <translation>分数差距小 → 雨露均沾；差距大 → 一家独大。除以 √d_k 就是选 τ = √d_k：给分数“降温”。</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="152"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="152"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="334"/>
        <source>τ = √d_k = {0:.3g}</source>
        <translation>τ = √d_k = {0:.3g}</translation>
    </message>
    <message>
        <location filename="../../gui/views/temperature_dial.py" line="335"/>
        <source>Reset to the lesson&apos;s scaling</source>
        <translation>回到课文的缩放</translation>
    </message>
</context>
<context>
    <name>TokenEditor</name>
    <message>
        <location filename="../../gui/views/token_editor.py" line="167"/>
        <source>&lt;b&gt;Tokens&lt;/b&gt; (double-click to rename)</source>
        <translation>&lt;b&gt;词&lt;/b&gt;（双击改名）</translation>
    </message>
    <message>
        <location filename="../../gui/views/token_editor.py" line="168"/>
        <source>+ token</source>
        <translation>+ 词</translation>
    </message>
    <message>
        <location filename="../../gui/views/token_editor.py" line="169"/>
        <source>− token</source>
        <translation>− 词</translation>
    </message>
    <message>
        <location filename="../../gui/views/token_editor.py" line="170"/>
        <source>Add a token at the end (its numbers start at 0)</source>
        <translation>在末尾加一个词（数字从 0 开始）</translation>
    </message>
    <message>
        <location filename="../../gui/views/token_editor.py" line="171"/>
        <source>Remove the selected token</source>
        <translation>删除选中的词</translation>
    </message>
    <message>
        <location filename="../../gui/views/token_editor.py" line="176"/>
        <source>Padding (no query looks at it)</source>
        <translation>填充（没有查询会看它）</translation>
    </message>
</context>
<context>
    <name>TokenModel</name>
    <message>
        <location filename="../../gui/views/token_editor.py" line="70"/>
        <source>Padding: no query looks at its key (right-click to change)</source>
        <translation>填充：没有查询会看它的键（右键可更改）</translation>
    </message>
    <message>
        <location filename="../../gui/views/token_editor.py" line="71"/>
        <source>Double-click to rename; right-click to mark it as padding</source>
        <translation>双击改名；右键可标为填充</translation>
    </message>
</context>
<context>
    <name>Training</name>
    <message>
        <location filename="../../gui/model/training.py" line="224"/>
        <source>The goal for {0} puts weight on {1}, which the mask hides from it: move that weight to a key it can see, or choose another goal</source>
        <extracomment>a run stops when the loss is this close to the least there is between two steps of a run: one 60 Hz frame, so that each step is painted before the next</extracomment>
        <translation>{0} 的目标把权重放在了 {1} 上，而遮挡不让它看见：把这些权重移到它看得见的键上，或换一个目标</translation>
    </message>
    <message>
        <location filename="../../gui/model/training.py" line="226"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../gui/model/training.py" line="265"/>
        <source>Training stopped: a step would take {0} beyond ±{1:,}; try a smaller η</source>
        <translation>训练已停止：再走一步会让 {0} 超出 ±{1:,}；请把 η 调小</translation>
    </message>
    <message>
        <location filename="../../gui/model/training.py" line="344"/>
        <source>Train {0} steps</source>
        <translation>训练 {0} 步</translation>
    </message>
    <message>
        <location filename="../../gui/model/training.py" line="344"/>
        <source>Train 1 step</source>
        <translation>训练 1 步</translation>
    </message>
</context>
<context>
    <name>TrainingExport</name>
    <message>
        <location filename="../../gui/export/training_export.py" line="45"/>
        <source>Training: the loss L over the steps (log scale)</source>
        <translation>训练：损失 L 随步数的变化(对数刻度)</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="48"/>
        <source>Training: the size of the gradient at each stage (log scale)</source>
        <translation>训练：各阶段梯度的大小(对数刻度)</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="59"/>
        <source>the row of {0} in A towards its target</source>
        <translation>A 中 {0} 那一行趋向目标</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="63"/>
        <source>each token looks at the previous one</source>
        <translation>每个词看前一个词</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="66"/>
        <source>each token looks at itself</source>
        <translation>每个词看自己</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="67"/>
        <source>each looks at the tokens of its name</source>
        <translation>每个词看同名的词</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="70"/>
        <source>Z = V</source>
        <translation>Z = V</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="78"/>
        <source>Q and K</source>
        <translation>Q 和 K</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="79"/>
        <source>Q, K and V</source>
        <translation>Q、K 和 V</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="80"/>
        <source>W_q and W_k</source>
        <translation>W_q 和 W_k</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="81"/>
        <source>W_q, W_k and W_v</source>
        <translation>W_q、W_k 和 W_v</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="88"/>
        <source>Goal: {0} · learns {1} · η = {2} · {3} steps</source>
        <translation>目标：{0} · 学习 {1} · η = {2} · {3} 步</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="112"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="114"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="116"/>
        <source>loss L</source>
        <translation>损失 L</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="118"/>
        <source>A (pinned), dashed</source>
        <translation>A（已固定），虚线</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="119"/>
        <source>loss L (log)</source>
        <translation>损失 L(对数)</translation>
    </message>
    <message>
        <location filename="../../gui/export/training_export.py" line="123"/>
        <source>size (log)</source>
        <translation>大小(对数)</translation>
    </message>
</context>
<context>
    <name>TrainingPanel</name>
    <message>
        <location filename="../../gui/views/training_panel.py" line="162"/>
        <source>One row of A, dragged into shape</source>
        <translation>A 的一行，拖成想要的样子</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="163"/>
        <source>Each token looks at the previous one</source>
        <translation>每个词看前一个词</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="164"/>
        <source>Each token looks at itself</source>
        <translation>每个词看自己</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="165"/>
        <source>Each looks at the tokens of its name</source>
        <translation>每个词看同名的词</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="166"/>
        <source>Z = V: each token&apos;s own value</source>
        <translation>Z = V：每个词自己的值</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="170"/>
        <source>Q and K</source>
        <translation>Q 和 K</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="170"/>
        <source>Q, K and V</source>
        <translation>Q、K 和 V</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="172"/>
        <source>W_q and W_k</source>
        <translation>W_q 和 W_k</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="172"/>
        <source>W_q, W_k and W_v</source>
        <translation>W_q、W_k 和 W_v</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="175"/>
        <source>Goal</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="176"/>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="177"/>
        <source>Learns</source>
        <translation>学习</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="179"/>
        <source>Train stops after this many steps at most</source>
        <translation>训练最多走这么多步就停</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="181"/>
        <source>The learning rate η: each step moves by η × the gradient</source>
        <translation>学习率 η：每一步沿梯度移动 η × 梯度</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="182"/>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="188"/>
        <source>L = mean of (z − v)² over Z: squared error of Z against V, each token&apos;s own value</source>
        <translation>L = Z 上 (z − v)² 的平均：Z 与 V（每个词自己的值）的平方误差</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="192"/>
        <source>L = −Σⱼ tⱼ log a&lt;sub&gt;{0},j&lt;/sub&gt;: cross-entropy of {0}&apos;s row of A against its target t (least: the entropy of t, {1})</source>
        <translation>L = −Σⱼ tⱼ log a&lt;sub&gt;{0},j&lt;/sub&gt;：{0} 那一行 A 与目标 t 的交叉熵（最小值：t 的熵，{1}）</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="196"/>
        <source>L = −mean over the rows of Σⱼ tᵢⱼ log aᵢⱼ: cross-entropy of the rows of A against their targets (least {0})</source>
        <translation>L = −各行 Σⱼ tᵢⱼ log aᵢⱼ 的平均：A 的各行与目标的交叉熵（最小 {0}）</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="254"/>
        <source>Click a cell of S, S/τ or A: its gradient by hand.</source>
        <translation>点 S、S/τ 或 A 的一格：手算它的梯度。</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="259"/>
        <source>No gradient by hand for this goal with several heads.</source>
        <translation>多个头时，这个目标没有手算梯度。</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="263"/>
        <source>g = ∂L/∂A, what the loss asks of each weight; for the row of {0}: Σ&lt;sub&gt;k&lt;/sub&gt; a&lt;sub&gt;{0},k&lt;/sub&gt; g&lt;sub&gt;{0},k&lt;/sub&gt; = {1}</source>
        <translation>g = ∂L/∂A，损失对每个权重的要求；{0} 这一行：Σ&lt;sub&gt;k&lt;/sub&gt; a&lt;sub&gt;{0},k&lt;/sub&gt; g&lt;sub&gt;{0},k&lt;/sub&gt; = {1}</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="267"/>
        <source>∂L/∂a&lt;sub&gt;{0},{1}&lt;/sub&gt; = g&lt;sub&gt;{0},{1}&lt;/sub&gt; = &lt;b&gt;{2}&lt;/b&gt;</source>
        <translation>∂L/∂a&lt;sub&gt;{0},{1}&lt;/sub&gt; = g&lt;sub&gt;{0},{1}&lt;/sub&gt; = &lt;b&gt;{2}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="272"/>
        <source>∂L/∂(s/τ)&lt;sub&gt;{0},{1}&lt;/sub&gt; = a&lt;sub&gt;{0},{1}&lt;/sub&gt; (g&lt;sub&gt;{0},{1}&lt;/sub&gt; − Σ&lt;sub&gt;k&lt;/sub&gt; a&lt;sub&gt;{0},k&lt;/sub&gt; g&lt;sub&gt;{0},k&lt;/sub&gt;) = {2} × ({3} − {4}) = &lt;b&gt;{5}&lt;/b&gt;</source>
        <translation>∂L/∂(s/τ)&lt;sub&gt;{0},{1}&lt;/sub&gt; = a&lt;sub&gt;{0},{1}&lt;/sub&gt; (g&lt;sub&gt;{0},{1}&lt;/sub&gt; − Σ&lt;sub&gt;k&lt;/sub&gt; a&lt;sub&gt;{0},k&lt;/sub&gt; g&lt;sub&gt;{0},k&lt;/sub&gt;) = {2} × ({3} − {4}) = &lt;b&gt;{5}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="280"/>
        <source>∂L/∂s&lt;sub&gt;{0},{1}&lt;/sub&gt; = ∂L/∂(s/τ)&lt;sub&gt;{0},{1}&lt;/sub&gt; ÷ τ = {2} ÷ {3} = &lt;b&gt;{4}&lt;/b&gt;</source>
        <translation>∂L/∂s&lt;sub&gt;{0},{1}&lt;/sub&gt; = ∂L/∂(s/τ)&lt;sub&gt;{0},{1}&lt;/sub&gt; ÷ τ = {2} ÷ {3} = &lt;b&gt;{4}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_panel.py" line="286"/>
        <source>a is near {0}: a (g − Σ a g) is tiny, the gradient is cut off</source>
        <translation>a 接近 {0}：a (g − Σ a g) 极小，梯度断流</translation>
    </message>
</context>
<context>
    <name>TrainingRun</name>
    <message>
        <location filename="../../gui/views/training_run.py" line="90"/>
        <source>Step</source>
        <extracomment>plots shorter than this (a side column at 1280 × 720) name their lines below them, in their colours: a legend over them covered most of the curves</extracomment>
        <translation>走一步</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="91"/>
        <source>One step of gradient descent (one undo step)</source>
        <translation>梯度下降走一步（一个撤销步骤）</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="93"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="93"/>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="94"/>
        <source>A (pinned)</source>
        <translation>A（固定）</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="94"/>
        <location filename="../../gui/views/training_run.py" line="98"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="95"/>
        <source>loss L (log)</source>
        <translation>损失 L（对数）</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="98"/>
        <source>size (log)</source>
        <translation>大小（对数）</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="110"/>
        <source>no step yet</source>
        <translation>还没有走步</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="113"/>
        <source>step {0} · L = {1} · ‖∂L/∂S‖ = {2}</source>
        <translation>第 {0} 步 · L = {1} · ‖∂L/∂S‖ = {2}</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="119"/>
        <source> · A does not train: its shapes differ from B&apos;s</source>
        <translation> · A 不训练：它的形状与 B 不同</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="121"/>
        <source> · A: L = {0}</source>
        <translation> · A:L = {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="151"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="151"/>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="153"/>
        <source>Stop: the steps so far stay, as one undo step</source>
        <translation>停止：已走的步留下，算一个撤销步骤</translation>
    </message>
    <message>
        <location filename="../../gui/views/training_run.py" line="154"/>
        <source>Step until stopped, the goal reached or the limit (one undo step)</source>
        <translation>一直走，直到停止、达到目标或步数上限（一个撤销步骤）</translation>
    </message>
</context>
<context>
    <name>UnsavedQuestion</name>
    <message>
        <location filename="../../gui/session/unsaved_question.py" line="22"/>
        <source>{0} has changes that are not saved. Save them?</source>
        <translation>{0}有尚未保存的修改。要保存吗？</translation>
    </message>
    <message>
        <location filename="../../gui/session/unsaved_question.py" line="25"/>
        <source>“{0}” has changes that are not saved. Save them?</source>
        <translation>“{0}”有尚未保存的修改。要保存吗？</translation>
    </message>
    <message>
        <location filename="../../gui/session/unsaved_question.py" line="35"/>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <location filename="../../gui/session/unsaved_question.py" line="38"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gui/session/unsaved_question.py" line="39"/>
        <source>&amp;Discard</source>
        <translation>不保存(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gui/session/unsaved_question.py" line="40"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>VariancePanel</name>
    <message>
        <location filename="../../gui/variance/panel.py" line="54"/>
        <source>{0}: empty; type a whole number</source>
        <translation>{0}：是空的，请填一个整数</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="56"/>
        <source>{0}: “{1}” is not a whole number</source>
        <translation>{0}：“{1}” 不是整数</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="133"/>
        <source>d_k values</source>
        <translation>d_k 取值</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="133"/>
        <source>samples per d_k</source>
        <translation>每个 d_k 的采样数</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="134"/>
        <source>candidate keys</source>
        <translation>候选词数</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="134"/>
        <source>trials</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="135"/>
        <source>random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="138"/>
        <source>Positive whole numbers up to 4096, e.g. 4, 16, 64</source>
        <translation>不超过 4096 的正整数，例如 4, 16, 64</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="139"/>
        <source>Lesson defaults</source>
        <translation>课文默认值</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="140"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="141"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="142"/>
        <source>Copy table</source>
        <translation>复制表格</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="143"/>
        <source>Save CSV…</source>
        <translation>保存 CSV…</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="144"/>
        <source>histogram of d_k</source>
        <translation>直方图：d_k =</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="209"/>
        <source>give at least one d_k value</source>
        <translation>至少给一个 d_k</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="252"/>
        <source>Not run: {0}</source>
        <translation>没有运行：{0}</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="289"/>
        <source>Could not save {0}: {1}</source>
        <translation>无法保存 {0}：{1}</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="306"/>
        <source>Save the table</source>
        <translation>保存表格</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="318"/>
        <source>about {0} left</source>
        <translation>大约还剩 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="335"/>
        <source>done in {0:.1f} s</source>
        <translation>用时 {0:.1f} 秒</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="340"/>
        <source>cancelled: the previous results stay</source>
        <translation>已取消：之前的结果保留</translation>
    </message>
    <message>
        <location filename="../../gui/variance/panel.py" line="356"/>
        <source>The spread of q·k follows √d_k (measured {0:.2f} at d_k = {1}, √d_k = {2:.2f}). Unscaled, softmax collapses toward one winner as d_k grows (largest weight {3:.2f}) and its gradient shrinks to {4:.2f}: the prelude to the gradient being cut off. Divided by √d_k the spread stays that of d_k = 1, the largest weight stays near {5:.2f} and the gradient stays {6:.2f}.</source>
        <translation>q·k 的波动随 √d_k 增长（d_k = {1} 时实测 {0:.2f}，√d_k = {2:.2f}）。不缩放时，d_k 越大 softmax 越“一家独大”（最大配比 {3:.2f}），梯度缩到 {4:.2f}——梯度断流的前兆。除以 √d_k 后波动回到 d_k = 1 的水平，最大配比稳在 {5:.2f} 附近，梯度保持 {6:.2f}。</translation>
    </message>
</context>
<context>
    <name>VariancePlots</name>
    <message>
        <location filename="../../gui/variance/plots.py" line="62"/>
        <source>spread of q·k grows like √d_k</source>
        <translation>q·k 的波动随 √d_k 增长</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="65"/>
        <source>q·k for one d_k: raw and ÷√d_k</source>
        <translation>某个 d_k 的 q·k：原始与 ÷√d_k</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="68"/>
        <source>mean largest weight of the candidates</source>
        <translation>候选词的平均最大配比</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="71"/>
        <source>size of the softmax&apos;s gradient ‖J‖</source>
        <translation>softmax 梯度的大小 ‖J‖</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="73"/>
        <source>std of q·k</source>
        <translation>q·k 的标准差</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="91"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="98"/>
        <source>unscaled</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="99"/>
        <source>÷ √d_k</source>
        <translation>÷ √d_k</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="125"/>
        <source>q·k (d_k = {0})</source>
        <translation>q·k（d_k = {0}）</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="126"/>
        <source>q·k ÷ √d_k</source>
        <translation>q·k ÷ √d_k</translation>
    </message>
    <message>
        <location filename="../../gui/variance/plots.py" line="133"/>
        <source>density</source>
        <translation>密度</translation>
    </message>
</context>
<context>
    <name>VarianceTable</name>
    <message>
        <location filename="../../gui/variance/table.py" line="30"/>
        <source>std of q·k</source>
        <translation>q·k 标准差</translation>
    </message>
    <message>
        <location filename="../../gui/variance/table.py" line="32"/>
        <source>max weight, unscaled</source>
        <translation>最大配比（未缩放）</translation>
    </message>
    <message>
        <location filename="../../gui/variance/table.py" line="33"/>
        <source>max weight, ÷√d_k</source>
        <translation>最大配比（÷√d_k）</translation>
    </message>
    <message>
        <location filename="../../gui/variance/table.py" line="34"/>
        <source>‖J‖ unscaled</source>
        <translation>‖J‖ 未缩放</translation>
    </message>
    <message>
        <location filename="../../gui/variance/table.py" line="35"/>
        <source>‖J‖ ÷√d_k</source>
        <translation>‖J‖ ÷√d_k</translation>
    </message>
</context>
<context>
    <name>WeightBars</name>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="210"/>
        <source>outline: A (pinned)</source>
        <translation>轮廓：A（已固定）</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="229"/>
        <source>Row of &lt;b&gt;{0}&lt;/b&gt; after dropout, A′ (p = {1}): {2}; largest weight {3}; dashed line: uniform 1/L = {4}</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; 这一行随机丢弃后的 A′（p = {1}）：{2}；最大配比 {3}；虚线：平均 1/L = {4}</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="254"/>
        <source>its only weight dropped</source>
        <translation>仅有的一个配比被丢弃</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="255"/>
        <source>its only weight kept, × {0}</source>
        <translation>仅有的一个配比保留，× {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="257"/>
        <source>none of its {0} weights dropped, all × {1}</source>
        <translation>{0} 个配比都没有丢弃，全部 × {1}</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="259"/>
        <source>all {0} of its weights dropped</source>
        <translation>{0} 个配比全部丢弃</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="260"/>
        <source>{0} of {1} weights dropped, the others × {2}</source>
        <translation>{1} 个配比丢弃了 {0} 个，其余 × {2}</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="269"/>
        <source>A′[{0}, j]: the row of {0} after dropout</source>
        <translation>A′[{0}, j]：随机丢弃后 {0} 这一行</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="270"/>
        <source>A′[{0}, j]</source>
        <translation>A′[{0}, j]</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="272"/>
        <source>A[{0}, j]: the row of {0}</source>
        <translation>A[{0}, j]：{0} 这一行</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="272"/>
        <source>A[{0}, j]</source>
        <translation>A[{0}, j]</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_bars.py" line="240"/>
        <source>Row of &lt;b&gt;{0}&lt;/b&gt;: entropy {1:.2f} bits (at most log₂ {2} = {3:.2f}); largest weight {4}; dashed line: uniform 1/L = {5}</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; 这一行：熵 {1:.2f} 比特（最多 log₂ {2} = {3:.2f}）；最大配比 {4}；虚线：平均 1/L = {5}</translation>
    </message>
</context>
<context>
    <name>WeightLines</name>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="59"/>
        <source>Lines of:</source>
        <translation>连线：</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="61"/>
        <source>the selected head</source>
        <translation>选中的头</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="62"/>
        <source>every head, one colour each</source>
        <translation>所有的头，各用一种颜色</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="120"/>
        <source>Weights A of both heads, one colour each</source>
        <translation>两个头的配比 A，各用一种颜色</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="118"/>
        <source>Weights A of all {0} heads, one colour each</source>
        <translation>全部 {0} 个头的配比 A，各用一种颜色</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="111"/>
        <source>{0}: pad</source>
        <translation>{0}：填充</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="121"/>
        <source>head {0}</source>
        <translation>头 {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="123"/>
        <source>Weights A of head {0} of {1}</source>
        <translation>第 {0} 个头（共 {1} 个）的配比 A</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="126"/>
        <source>Weights A as lines: query i → key j</source>
        <translation>配比 A 的连线：提问 i → 标签 j</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="130"/>
        <source>queries i</source>
        <translation>提问 i</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="131"/>
        <source>keys j</source>
        <translation>标签 j</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="133"/>
        <source>Shade ∝ A[i, j]; darkest line: A = {0}</source>
        <translation>颜色深浅 ∝ A[i, j]；最深的线：A = {0}</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="134"/>
        <source>{0} of {1} lines drawn, the strongest; hover a token for its own</source>
        <translation>画出了 {1} 条线中最强的 {0} 条；把鼠标停在一个词上可看它自己的线</translation>
    </message>
    <message>
        <location filename="../../gui/views/weight_lines.py" line="135"/>
        <source>{0} of this token&apos;s {1} lines drawn, the strongest</source>
        <translation>画出了这个词 {1} 条线中最强的 {0} 条</translation>
    </message>
</context>
<context>
    <name>WorkspaceActions</name>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="47"/>
        <source>Inputs (left)</source>
        <translation>输入（左侧）</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="48"/>
        <source>Panels (right)</source>
        <translation>面板（右侧）</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="50"/>
        <source>Hand calculation</source>
        <translation>手算</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="51"/>
        <source>Temperature dial</source>
        <translation>温度旋钮</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="52"/>
        <source>Mixing</source>
        <translation>调酒台</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="53"/>
        <source>Heads, lines, concat, mask</source>
        <translation>多头、连线、拼接、掩码</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="54"/>
        <source>Real model</source>
        <translation>真实模型</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="55"/>
        <source>Training: a goal, Step, Train</source>
        <translation>训练:目标、走一步、训练</translation>
    </message>
    <message>
        <location filename="../../gui/window/workspace_actions.py" line="59"/>
        <source>Reset layout</source>
        <translation>恢复默认布局</translation>
    </message>
</context>
<context>
    <name>numbers</name>
    <message>
        <location filename="../../gui/model/numbers.py" line="42"/>
        <source>it is empty</source>
        <translation>是空的</translation>
    </message>
    <message>
        <location filename="../../gui/model/numbers.py" line="46"/>
        <source>“{0}” is not a number</source>
        <translation>“{0}”不是数字</translation>
    </message>
    <message>
        <location filename="../../gui/model/numbers.py" line="51"/>
        <source>{0} is beyond ±1,000,000</source>
        <translation>{0} 超出了 ±1,000,000</translation>
    </message>
</context>
</TS>
