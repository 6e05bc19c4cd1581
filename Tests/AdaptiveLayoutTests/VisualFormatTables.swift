// The Visual Format Language tables: formats and what UIKit makes of them.
//
// A block is a format, then optional `views`, `metrics`, `options` and
// `extensions` lines (as `layout vfl` takes them; `views` defaults to every
// name written as a view, all subviews of `superview`; `views -` is an empty
// dictionary; a format of `""` is the empty string), then the expected result: `>` lines, one constraint each in
// UIKit's order (none: no constraints), or a `!` line with UIKit's message
// and a `^` line with its caret (`^ none` where UIKit prints no caret line).
//
// Sources: "Apple" rows are the examples of the Visual Format Language
// chapter of Apple's Auto Layout Guide (Visual Format Syntax); the others
// follow the grammar and UIKit's parser, rule by rule: where a connection
// binds (trailing edge of the item before to the leading edge of the item
// after), which attributes the direction and spacing options choose, where
// UIKit's caret stands when it gives up.

let validFormats = """
# Apple: Standard Space
[button]-[textField]
> textField.leading == button.trailing + 8  (standard)

# Apple: Width Constraint
[button(>=50)]
> button.width >= 50

# Apple: Connection to Superview
|-50-[purpleBox]-50-|
> purpleBox.leading == superview.leading + 50
> superview.trailing == purpleBox.trailing + 50

# Apple: Vertical Layout
V:[topField]-10-[bottomField]
> bottomField.top == topField.bottom + 10

# Apple: Flush Views
[maroonView][blueView]
> blueView.leading == maroonView.trailing

# Apple: Priority
[button(100@20)]
> button.width == 100 @20

# Apple: Equal Widths
[button1(==button2)]
views button1,button2
> button1.width == button2.width

# Apple: Multiple Predicates
[flexibleButton(>=70,<=100)]
> flexibleButton.width >= 70
> flexibleButton.width <= 100

# Apple: A Complete Line of Layout (a view's size follows the gap before it)
|-[find]-[findNext]-[findField(>=20)]-|
> find.leading == superview.leadingMargin  (standard)
> findNext.leading == find.trailing + 8  (standard)
> findField.leading == findNext.trailing + 8  (standard)
> findField.width >= 20
> superview.trailingMargin == findField.trailing  (standard)

# A single view: nothing to connect
H:[a]

V:[a]

[a]

# View predicates: a number, each relation, signs and strtod's forms
H:[a(50)]
> a.width == 50

V:[a(50)]
> a.height == 50

H:[a(==50)]
> a.width == 50

H:[a(<=50)]
> a.width <= 50

H:[a(>=50)]
> a.width >= 50

H:[a(-5)]
> a.width == -5

H:[a(>=-10)]
> a.width >= -10

H:[a(12.5)]
> a.width == 12.5

H:[a(5.)]
> a.width == 5

H:[a(1e2)]
> a.width == 100

H:[a(1e-1)]
> a.width == 0.1

H:[a(0x10)]
> a.width == 16

H:[a(0x1p3)]
> a.width == 8

H:[a(0)]
> a.width == 0

H:[a(1000000)]
> a.width == 1000000

# Metrics by name, priorities by number or metric
H:[a(w)]
metrics w=40
> a.width == 40

H:[a(==w@p)]
metrics w=40,p=750
> a.width == 40 @750

H:[a(>=w,<=200@750)]
metrics w=10
> a.width >= 10
> a.width <= 200 @750

H:[a(50@750.5)]
> a.width == 50 @750.5

H:[a(50@1)]
> a.width == 50 @1

H:[a(50@1000)]
> a.width == 50

V:[a(>=20@750,<=40)]
> a.height >= 20 @750
> a.height <= 40

V:[a(==44)]
> a.height == 44

# A view in a view's predicate: the same dimension
H:[a(==b)]
views a,b
> a.width == b.width

V:[a(==b)]
views a,b
> a.height == b.height

H:[a(b)]
views a,b
> a.width == b.width

H:[a(<=b)]
views a,b
> a.width <= b.width

H:[a(>=b@500)]
views a,b
> a.width >= b.width @500

H:[a(==b,>=50)]
views a,b
> a.width == b.width
> a.width >= 50

H:[a(>=50,==b@750)]
views a,b
> a.width >= 50
> a.width == b.width @750

# A name that is a metric and a view: the metric wins
H:[a(b)]
views a,b
metrics b=30
> a.width == 30

H:[a]-(b)-[b]
metrics b=4
> b.leading == a.trailing + 4

# The superview's edges
H:|[a]|
> a.leading == superview.leading
> superview.trailing == a.trailing

V:|[a]|
> a.top == superview.top
> superview.bottom == a.bottom

H:|-0-[a]-0-|
> a.leading == superview.leading
> superview.trailing == a.trailing

H:|-20.5-[a]
> a.leading == superview.leading + 20.5

H:|-(-20)-[a]
> a.leading == superview.leading - 20

V:|-20-[a]
> a.top == superview.top + 20

V:[a]-20-|
> superview.bottom == a.bottom + 20

V:|[a(==44)]
> a.top == superview.top
> a.height == 44

H:|[a(50)]
> a.leading == superview.leading
> a.width == 50

H:|-(m)-[a]-(m)-|
metrics m=16
> a.leading == superview.leading + 16
> superview.trailing == a.trailing + 16

# A bare - next to | binds to the superview's margins
H:|-[a]
> a.leading == superview.leadingMargin  (standard)

H:[a]-|
> superview.trailingMargin == a.trailing  (standard)

H:|-[a]-|
> a.leading == superview.leadingMargin  (standard)
> superview.trailingMargin == a.trailing  (standard)

V:|-[a]-|
> a.top == superview.topMargin  (standard)
> superview.bottomMargin == a.bottom  (standard)

H:|-[inner]-|
views inner:box,box
> inner.leading == box.leadingMargin  (standard)
> box.trailingMargin == inner.trailing  (standard)

# Gaps between views: flush, standard, predicates
H:[a][b][c]
> b.leading == a.trailing
> c.leading == b.trailing

V:[a][b]
> b.top == a.bottom

V:[a]-[b]
> b.top == a.bottom + 8  (standard)

H:[a]-10-[b]
> b.leading == a.trailing + 10

H:[a]-(10)-[b]
> b.leading == a.trailing + 10

H:[a]-pad-[b]
metrics pad=12
> b.leading == a.trailing + 12

H:[a]-(pad)-[b]
metrics pad=12
> b.leading == a.trailing + 12

H:[a]-(-10)-[b]
> b.leading == a.trailing - 10

H:[a]-==10-[b]
> b.leading == a.trailing + 10

H:[a]->=10-[b]
> b.leading >= a.trailing + 10

H:[a]-10@300-[b]
> b.leading == a.trailing + 10 @300

H:[a]-(>=0)-[b]
> b.leading >= a.trailing

H:[a]-(<=20@250)-[b]
> b.leading <= a.trailing + 20 @250

H:[a]-(==8@999)-[b]
> b.leading == a.trailing + 8 @999

H:[a]-(>=8,<=20)-[b]
> b.leading >= a.trailing + 8
> b.leading <= a.trailing + 20

H:[a]-(>=10@500,<=30@500)-[b]
> b.leading >= a.trailing + 10 @500
> b.leading <= a.trailing + 30 @500

H:[a]-(pad@prio)-[b]
metrics pad=5,prio=100
> b.leading == a.trailing + 5 @100

H:[a]-8@p-[b]
metrics p=750
> b.leading == a.trailing + 8 @750

H:[a]-1e1-[b]
> b.leading == a.trailing + 10

H:[a]-0x10-[b]
> b.leading == a.trailing + 16

H:|-(>=20)-[a]
> a.leading >= superview.leading + 20

H:[a]-(>=20)-|
> superview.trailing >= a.trailing + 20

H:|-(>=0@250)-[a(100)]-(>=0@250)-|
> a.leading >= superview.leading @250
> a.width == 100
> superview.trailing >= a.trailing @250

H:[a]-5-[b]-5-[c]-5-[d]-5-[e]
> b.leading == a.trailing + 5
> c.leading == b.trailing + 5
> d.leading == c.trailing + 5
> e.leading == d.trailing + 5

# Size constraints come after the gap that leads to their view
H:[a(50)]-[b(60)]
> a.width == 50
> b.leading == a.trailing + 8  (standard)
> b.width == 60

H:|-[a(>=50)]-[b(==a)]-|
> a.leading == superview.leadingMargin  (standard)
> a.width >= 50
> b.leading == a.trailing + 8  (standard)
> b.width == a.width
> superview.trailingMargin == b.trailing  (standard)

H:|[a][b(==a)][c(==a)]|
> a.leading == superview.leading
> b.leading == a.trailing
> b.width == a.width
> c.leading == b.trailing
> c.width == a.width
> superview.trailing == c.trailing

V:|-20-[a]-[b(==a)]-20-|
> a.top == superview.top + 20
> b.top == a.bottom + 8  (standard)
> b.height == a.height
> superview.bottom == b.bottom + 20

# Names: letters, digits, underscores
H:[a_1]-[_b2]
> _b2.leading == a_1.trailing + 8  (standard)

H:[A]-[B]
> B.leading == A.trailing + 8  (standard)

H:[H]-[V]
> V.leading == H.trailing + 8  (standard)

# Items in different superviews: UIKit does not check (activation does)
H:[a]-[b]
views a:box1,b:box2
> b.leading == a.trailing + 8  (standard)

# Alignment options: one constraint per option and per pair of adjacent views, last
H:[a]-[b]
options alignAllTop
> b.leading == a.trailing + 8  (standard)
> a.top == b.top

H:[a]-[b]-[c]
options alignAllCenterY
> b.leading == a.trailing + 8  (standard)
> c.leading == b.trailing + 8  (standard)
> a.centerY == b.centerY
> b.centerY == c.centerY

H:[a]-[b]
options alignAllTop,alignAllBottom
> b.leading == a.trailing + 8  (standard)
> a.top == b.top
> a.bottom == b.bottom

H:[a]-[b]
options alignAllLastBaseline
> b.leading == a.trailing + 8  (standard)
> a.lastBaseline == b.lastBaseline

H:[a]-[b]
options alignAllBaseline
> b.leading == a.trailing + 8  (standard)
> a.lastBaseline == b.lastBaseline

H:[a]-[b]
options alignAllFirstBaseline
> b.leading == a.trailing + 8  (standard)
> a.firstBaseline == b.firstBaseline

V:[a]-[b]
options alignAllLeading
> b.top == a.bottom + 8  (standard)
> a.leading == b.leading

V:[a]-[b]
options alignAllTrailing
> b.top == a.bottom + 8  (standard)
> a.trailing == b.trailing

V:[a]-[b]
options alignAllLeft,alignAllRight
> b.top == a.bottom + 8  (standard)
> a.left == b.left
> a.right == b.right

V:[a]-[b]
options alignAllCenterX
> b.top == a.bottom + 8  (standard)
> a.centerX == b.centerX

H:|-[a]-|
options alignAllTop
> a.leading == superview.leadingMargin  (standard)
> superview.trailingMargin == a.trailing  (standard)

H:|[a][b]|
options alignAllTop
> a.leading == superview.leading
> b.leading == a.trailing
> superview.trailing == b.trailing
> a.top == b.top

H:[a]-(>=8,<=20)-[b]
options alignAllTop
> b.leading >= a.trailing + 8
> b.leading <= a.trailing + 20
> a.top == b.top

# Direction options: left and right instead of leading and trailing
H:[a]-[b]
options directionLeadingToTrailing
> b.leading == a.trailing + 8  (standard)

H:|-10-[a]-[b]-10-|
options directionLeftToRight
> a.left == superview.left + 10
> b.left == a.right + 8  (standard)
> superview.right == b.right + 10

H:|-[a]-|
options directionLeftToRight
> a.left == superview.leftMargin  (standard)
> superview.rightMargin == a.right  (standard)

H:|-10-[a]-[b]-10-|
options directionRightToLeft
> superview.right == a.right + 10
> a.left == b.right + 8  (standard)
> b.left == superview.left + 10

H:|-[a]-|
options directionRightToLeft
> superview.rightMargin == a.right  (standard)
> a.left == superview.leftMargin  (standard)

H:[a]-[b]
options directionRightToLeft,alignAllTop
> a.left == b.right + 8  (standard)
> b.top == a.top

V:[a]-[b]
options directionRightToLeft
> b.top == a.bottom + 8  (standard)

# Baseline-to-baseline spacing (vertical formats)
V:[a]-[b]
options spacingBaselineToBaseline
> b.firstBaseline == a.lastBaseline + 8  (standard)

V:|-[a]-[b]-|
options spacingBaselineToBaseline
> a.firstBaseline == superview.topMargin  (standard)
> b.firstBaseline == a.lastBaseline + 8  (standard)
> superview.bottomMargin == b.lastBaseline  (standard)

V:[a]-12-[b]
options spacingBaselineToBaseline,alignAllLeading
> b.firstBaseline == a.lastBaseline + 12
> a.leading == b.leading

H:[a]
options spacingBaselineToBaseline

# Extensions (off unless named): percentages, multipliers, ratios, equal spacing
H:[a(==50%)]
extensions percentages
> a.width == 0.5 * superview.width

V:[a(>=25%@750)]
extensions percentages
> a.height >= 0.25 * superview.height @750

H:[a(==b*2)]
views a,b
extensions multipliers
> a.width == 2 * b.width

H:[a(==b/4)]
views a,b
extensions multipliers
> a.width == 0.25 * b.width

H:[a(>=b*2+10)]
views a,b
extensions multipliers
> a.width >= 2 * b.width + 10

H:[a(==b-5)]
views a,b
extensions multipliers
> a.width == b.width - 5

H:[a(==w*2)]
metrics w=30
extensions multipliers
> a.width == 60

H:[a(2:1)]
extensions aspectRatios
> a.width == 2 * a.height

V:[a(2:1)]
extensions aspectRatios
> a.height == 0.5 * a.width

H:[a(==b.height)]
views a,b
extensions aspectRatios
> a.width == b.height

H:[a(==a.height*3/4)]
extensions all
! A predicate on a view's thickness must end with ')' and the view must end with ']'
^ 17

H:|~[a(100)]~|
extensions equalSpacing
> spacer1.leading == superview.leading
> a.leading == spacer1.trailing
> spacer1.width >= 0
> spacer1.top == superview.top
> spacer1.height == 0
> a.width == 100
> spacer2.leading == a.trailing
> superview.trailing == spacer2.trailing
> spacer2.width >= 0
> spacer2.width == spacer1.width
> spacer2.top == superview.top
> spacer2.height == 0
"""

let malformedFormats = """
# An empty format (written ""), and one outside ASCII: no caret line
""
views a
! It's an empty string.
^ none

H:[é]
! It contains non-ASCII characters.
^ none

# The orientation
Hx
views -
! Expected ':' after 'H' to specify horizontal arrangement
^ 1

V
views -
! Expected ':' after 'V' to specify vertical arrangement
^ 1

H:
views -
! Expected a view
^ 2

H: [a]
! Expected a view
^ 2

# Apple: a name missing from the views dictionary
H:[blackBox]
views a
! blackBox is not a key in the views dictionary.
^ 11

# Edges
H:|
views -
! Expected a connection after the '|' character
^ 3

H:||
views -
! Expected a view
^ 3

H:[a]|[b]
! Expected the end of the format string
^ 6

H:|-[a]-|-
! Expected the end of the format string
^ 9

H:|-[a]
views a:
! Unable to interpret '|' character, because the related view doesn't have a superview
^ 7

H:[a]-|
views a:
! Unable to interpret '|' character, because the related view doesn't have a superview
^ 7

# Views
H:[
views -
! Expected a view
^ 3

H:[]
views -
! Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.
^ 3

H:[1a]
views -
! Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.
^ 3

H:[a
! Expected a ']' here. That is how you give the end of a view.
^ 4

H:[a(
! Unexpectedly ran out of character fodder in the middle of parsing a view
^ 5

H:[a(50
! A predicate on a view's thickness must end with ')' and the view must end with ']'
^ 7

H:[a(50]
! A predicate on a view's thickness must end with ')' and the view must end with ']'
^ 7

H:[a(50)
! Expected ']' after specifying thickness.
^ 8

H:[a(50)x
! Expected ']' after specifying thickness.
^ 8

H:[a][b]x
! Expected a view or '|'
^ 8

H:[a] 
! Expected a view or '|'
^ 5

# Predicates
H:[a()]
! Expected a number or key from the metrics dictionary, but encountered something else
^ 5

H:[a(=50)]
! Unknown relation. Must be ==, >=, or <=
^ 6

H:[a(<50)]
! Unknown relation. Must be ==, >=, or <=
^ 6

H:[a(=>50)]
! Unknown relation. Must be ==, >=, or <=
^ 6

H:[a(>=)]
! Expected a number or key from the metrics dictionary, but encountered something else
^ 7

H:[a(>=x)]
! Encountered metric with name "x", but value was not specified in metrics or views dictionaries
^ 8

H:[a(-)]
! Expected a number or a key from the metrics dictionary, but encountered something else
^ 5

H:[a(50,)]
! Expected a number or key from the metrics dictionary, but encountered something else
^ 8

H:[a(>=b,
views a,b
! Expected more input
^ 9

# Priorities
H:[a(50@0)]
! Invalid priority specified: 0. Priority must be greater than 0
^ 9

H:[a(50@-1)]
! Invalid priority specified: -1. Priority must be greater than 0
^ 10

H:[a(50@1001)]
! Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.
^ 12

H:[a(50@)]
! Expected a number or key from the metrics dictionary, but encountered something else
^ 8

H:[a(50@p)]
metrics p=0
! Invalid priority specified: 0. Priority must be greater than 0
^ 9

H:[a(50@b)]
views a,b
! Invalid priority specified: 0. Priority must be greater than 0
^ 9

H:[a]-(5@0.5)-[b]
! Invalid priority specified: 0.5. Priority must be at least 1.
^ 12

# Connections
H:[a]-
! Expected more input
^ 6

H:[a]-10
! Expected a '-' here
^ 8

H:[a]-10-
! Expected a view or '|'
^ 9

H:[a]-10[b]
! Expected a '-' here
^ 8

H:[a]--10-[b]
! Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.
^ 6

H:[a]-10,20-[b]
! Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints
^ 8

H:[a]-(10-[b]
! Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier
^ 9

H:[a]-(b)-[b]
! It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]
^ 8

H:[a]-(5@b)-[b]
! It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]
^ 10

H:[a]-(x)-[b]
! Encountered metric with name "x", but value was not specified in metrics or views dictionaries
^ 8

# Numbers out of range (refused here; UIKit fails later, when it is used)
H:[a(1e999)]
! Invalid constant specified: inf. It must be finite and at most 1e12 in magnitude.
^ 10

H:[a]-(-inf)-[b]
! Invalid constant specified: -inf. It must be finite and at most 1e12 in magnitude.
^ 11

# Options that do not fit the format
H:[a]-[b]
options alignAllLeft
! Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.
^ 9

V:[a]-[b]
options alignAllTop
! Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.
^ 9

H:[a]-[b]
options spacingBaselineToBaseline
! BaselineToBaseline format option not valid for horizontal layout
^ 9

# UIKit looks names up as it reads them: an unknown name before a syntax error wins
H:[x]-(
views a
! x is not a key in the views dictionary.
^ 4

H:[a]-(y
! Encountered metric with name "y", but value was not specified in metrics or views dictionaries
^ 8

H:[a]-[nope
views a
! nope is not a key in the views dictionary.
^ 11

H:|-[a
views a:
! Expected a ']' here. That is how you give the end of a view.
^ 6

# Extension syntax without its extension is Apple's grammar, and refused
H:[a(==50%)]
! A predicate on a view's thickness must end with ')' and the view must end with ']'
^ 9

H:[a(==b*2)]
views a,b
! A predicate on a view's thickness must end with ')' and the view must end with ']'
^ 8

H:|~[a]~|
! Expected a view
^ 3

# Extensions' own mistakes
H:[a(==50%)]
views a:
extensions percentages
! Unable to interpret '%' character, because the related view doesn't have a superview
^ 10

H:[a(==b/0)]
views a,b
extensions multipliers
! Division by zero
^ 10

H:[a(==b.depth)]
views a,b
extensions aspectRatios
! Expected 'width' or 'height' after '.'
^ 14

H:[a(16:)]
extensions aspectRatios
! Expected the second number of a ratio (width:height)
^ 8

H:[a]~[b]
views a:,b:
extensions equalSpacing
! Unable to interpret '~' character, because the related view doesn't have a superview
^ 9
"""
