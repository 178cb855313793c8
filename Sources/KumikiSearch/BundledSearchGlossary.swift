/// The vocabulary of interface design that Kumiki's search knows in every
/// form people type it: one entry a line, its forms separated by `=`.
///
/// - Kanji words with their reading in hiragana, so that a reader who types
///   the reading finds the word (せいやく finds 制約).
/// - Katakana loanwords with the English that pages often write instead
///   (スプリットビュー finds Split View), and the reverse.
/// - The English word where the Japanese names the same thing, so a page
///   written in one language is found from the other.
///
/// Sites add their own entries under `search_glossary` in `kumiki.yml`.
enum BundledSearchGlossary {
    static let text = """
    # Layout
    制約 = せいやく = constraint
    優先度 = ゆうせんど = priority
    余白 = よはく = padding
    間隔 = かんかく = spacing
    配置 = はいち = placement
    整列 = せいれつ = alignment
    中央 = ちゅうおう = center
    中心 = ちゅうしん = center
    固有 = こゆう = intrinsic
    圧縮 = あっしゅく = compression
    抵抗 = ていこう = resistance
    縦横比 = たてよこひ = aspect ratio
    比率 = ひりつ = ratio
    寸法 = すんぽう = dimension
    大きさ = おおきさ = size
    大きい = おおきい = large = big
    高さ = たかさ = height
    最小 = さいしょう = minimum = at least
    最大 = さいだい = maximum = at most
    以上 = いじょう = at least
    以下 = いか = at most
    領域 = りょういき = area
    安全領域 = あんぜんりょういき = safe area
    境界 = きょうかい = boundary
    区切り線 = くぎりせん = divider
    枠線 = わくせん = border
    重なり = かさなり = overlap
    奥行き = おくゆき = depth
    段組み = だんぐみ = columns
    格子 = こうし = grid
    分割 = ぶんかつ = split
    環境 = かんきょう = environment
    変数 = へんすう = variable
    定数 = ていすう = constant
    係数 = けいすう = multiplier
    等式 = とうしき = equation
    不等式 = ふとうしき = inequality
    重み = おもみ = weight
    計算 = けいさん = calculation
    上限 = じょうげん = limit
    # Screens and devices
    画面 = がめん = screen
    端末 = たんまつ = device
    機種 = きしゅ = model
    向き = むき = orientation
    縦向き = たてむき = portrait
    横向き = よこむき = landscape
    解像度 = かいぞうど = resolution
    倍率 = ばいりつ = scale
    角丸 = かどまる = rounded corners
    四隅 = よすみ = corners
    表示 = ひょうじ = display
    非表示 = ひひょうじ = hidden
    全画面 = ぜんがめん = full screen
    タブレット = tablet = iPad
    分割表示 = ぶんかつひょうじ = split view
    # Text
    文字 = もじ = text
    文字サイズ = もじさいず = text size
    文字組み = もじぐみ = typesetting
    書体 = しょたい = typeface
    字幅 = じはば = character width
    全角 = ぜんかく = full width
    半角 = はんかく = half width
    見出し = みだし = heading
    本文 = ほんぶん = body
    段落 = だんらく = paragraph
    行数 = ぎょうすう = number of lines
    改行 = かいぎょう = line break
    折り返し = 折返し = おりかえし = wrapping
    切り詰め = 切詰め = きりつめ = truncation
    省略 = しょうりゃく = truncation
    可読性 = かどくせい = readability
    視認性 = しにんせい = legibility
    翻訳 = ほんやく = translation
    # Colour and materials
    配色 = はいしょく = color scheme
    影付き = かげつき = shadow
    colour = color
    背景 = はいけい = background
    前景 = ぜんけい = foreground
    半透明 = はんとうめい = translucent
    透明 = とうめい = transparent
    不透明 = ふとうめい = opaque
    厚さ = あつさ = thickness
    素材 = そざい = material
    塗り = ぬり = fill
    階層 = かいそう = hierarchy
    対比 = たいひ = contrast
    外観 = がいかん = appearance
    # Compound words written with or without the kana between their kanji
    切り替え = 切替え = 切替 = きりかえ = switch
    組み合わせ = 組合せ = 組み合せ = くみあわせ = combination
    読み込み = 読込み = 読込 = よみこみ = loading
    書き出し = 書出し = かきだし = export
    貼り付け = 貼付け = はりつけ = paste
    並べ替え = 並替え = ならべかえ = reorder
    問い合わせ = 問合せ = といあわせ = inquiry
    引き出し = 引出し = ひきだし = drawer
    振る舞い = 振舞い = ふるまい = behavior
    # Controls and interaction
    操作 = そうさ = interaction
    部品 = ぶひん = component
    入力 = にゅうりょく = input
    選択 = せんたく = selection
    検索 = けんさく = search
    設定 = せってい = settings
    既定 = きてい = default
    標準 = ひょうじゅん = standard
    確認 = かくにん = confirmation
    警告 = けいこく = warning
    通知 = つうち = notification
    権限 = けんげん = permission
    破棄 = はき = discard
    保存 = ほぞん = save
    削除 = さくじょ = delete
    編集 = へんしゅう = edit
    共有 = きょうゆう = share
    追加 = ついか = add
    完了 = かんりょう = done
    取り消し = 取消し = 取消 = とりけし = cancel
    長押し = ながおし = long press
    拡大 = かくだい = zoom
    回転 = かいてん = rotation = rotate
    無効 = むこう = disabled = inactive
    有効 = ゆうこう = enabled
    状態 = じょうたい = state
    動き = うごき = motion
    触覚 = しょっかく = haptics
    画像 = がぞう = image
    写真 = しゃしん = photo
    動画 = どうが = video
    一覧 = いちらん = list
    項目 = こうもく = item = option
    誤り = あやまり = error
    # Loanwords
    スプリットビュー = split view
    スライドオーバー = slide over
    ステージマネージャ = stage manager
    マルチタスク = multitasking
    ステータスバー = status bar
    ナビゲーションバー = navigation bar
    タブバー = tab bar
    ツールバー = toolbar
    サイドバー = sidebar
    ホームインジケータ = home indicator
    ダイナミックアイランド = dynamic island
    セーフエリア = safe area
    レイアウトマージン = layout margins
    サイズクラス = size class
    トレイト = trait
    ダークモード = dark mode
    ダイナミックタイプ = dynamic type
    アクセシビリティ = accessibility
    ボタン = button
    ラベル = label
    テキストフィールド = text field
    トグル = toggle
    スライダー = slider
    ピッカー = picker
    アラート = alert
    アクションシート = action sheet
    シート = sheet
    ポップオーバー = popover
    モーダル = modal
    メニュー = menu
    テーブル = table
    グリッド = grid
    スタック = stack
    アイコン = icon
    シンボル = symbol
    フォント = font
    コントラスト = contrast
    マテリアル = material
    バイブランシー = vibrancy
    ブラー = blur = ぼかし = すりガラス = 磨りガラス = frosted glass
    アニメーション = animation
    ジェスチャ = gesture
    スワイプ = swipe
    タップ = tap
    ドラッグ = drag
    スクロール = scroll
    キーボード = keyboard
    ポインタ = pointer
    ウインドウ = ウィンドウ = window
    ウィジェット = widget
    インジケータ = indicator
    カード = card
    パディング = padding
    マージン = margin
    インセット = inset
    スペーシング = spacing
    レイアウト = layout
    オートレイアウト = auto layout
    コンポーネント = component
    ディスプレイ = display
    スクリーン = screen
    デバイス = device
    ノッチ = notch = 切り欠き = センサーハウジング = sensor housing
    コンテンツ = content
    ハギング = hugging
    アンカー = anchor
    ガイド = guide
    ビュー = view
    ナビゲーション = navigation
    フルスクリーン = full screen
    ランドスケープ = landscape
    ポートレート = portrait
    """
}
